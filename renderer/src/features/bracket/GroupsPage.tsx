import { Link } from 'react-router';
import { Spinner } from '../../components/Spinner.js';
import { useBracket, useStages } from '../../hooks/public-data.js';
import { useT } from '../../i18n/index.js';
import { GroupTables } from './GroupTables.js';
import { useTournamentLink } from '../../hooks/use-tournament-link.js';

/** `/groups`: each group's table, the qualified teams marked, and its matches. */
export function GroupsPage() {
  const t = useT();
  const link = useTournamentLink();
  const { tournament, matches } = useBracket();
  const stages = useStages();
  if (tournament === undefined) {
    return (
      <main className="page">
        <Spinner label={t('bracket.groups.loading')} />
      </main>
    );
  }
  const groupStage = stages.find((s) => s.kind === 'groups');
  if (tournament === null || !groupStage || !('groups' in groupStage)) {
    return (
      <main className="page">
        <p className="panel muted">
          {t(tournament === null ? 'bracket.page.noTournament' : 'bracket.groups.none')}
        </p>
      </main>
    );
  }
  const groupMatches = Object.values(matches).filter(
    (m) => m.tournamentId === tournament.id && m.stage === 'groups',
  );
  return (
    <main className="page page-wide">
      <div className="page-title">
        <h1>{t('bracket.groups.title')}</h1>
        <Link to={link('/print/groups')}>{t('print.link')}</Link>
      </div>
      <p className="muted">
        {t('bracket.groups.summary', {
          count: groupStage.groupCount,
          kind: t(
            groupStage.type === 'swiss' ? 'bracket.groups.kind.swiss' : 'bracket.groups.kind.roundRobin',
          ),
          bestOf: groupStage.format.slice(2),
          advance: groupStage.advancePerGroup,
        })}
      </p>
      <GroupTables
        groups={groupStage.groups}
        matches={groupMatches}
        swiss={groupStage.type === 'swiss'}
        recordPools={groupStage.advanceAt != null}
      />
    </main>
  );
}
