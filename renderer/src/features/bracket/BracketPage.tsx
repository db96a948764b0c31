import { Link } from 'react-router';
import { useState } from 'react';
import type { Match } from '../../../../shared/contracts/matches.js';
import type { Tournament } from '../../api/endpoints.js';
import { PlannedTimes } from '../../components/PlannedTimes.js';
import { Spinner } from '../../components/Spinner.js';
import { BracketView } from './BracketView.js';
import { GroupTables } from './GroupTables.js';
import { StandingsTable } from './StandingsTable.js';
import { RecordPools } from './RecordPools.js';
import { useStandings } from './useStandings.js';
import { useBracket, useStages } from '../../hooks/public-data.js';
import { useT } from '../../i18n/index.js';
import { useTournamentLink } from '../../hooks/use-tournament-link.js';

const STAGE_TABS = ['groups', 'playoffs'] as const;
type StageTab = (typeof STAGE_TABS)[number];

/** A two-stage tournament: one tab per stage, the one being played open first. */
function StageTabs({ tournament, matches }: { tournament: Tournament; matches: readonly Match[] }) {
  const t = useT();
  const stages = useStages();
  const [chosen, setChosen] = useState<StageTab | null>(null);
  const open: StageTab = chosen ?? (tournament.currentStage === 'playoffs' ? 'playoffs' : 'groups');
  const groupStage = stages.find((s) => s.kind === 'groups');
  return (
    <>
      <div className="tabs" role="tablist" aria-label={t('bracket.page.stages')}>
        {STAGE_TABS.map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            id={`stage-tab-${tab}`}
            aria-selected={open === tab}
            aria-controls={`stage-panel-${tab}`}
            className={open === tab ? 'active' : undefined}
            onClick={() => setChosen(tab)}
          >
            {t(`bracket.page.stage.${tab}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`stage-panel-${open}`} aria-labelledby={`stage-tab-${open}`}>
        {open === 'groups' ? (
          <GroupTables
            groups={groupStage && 'groups' in groupStage ? groupStage.groups : []}
            matches={matches.filter((m) => m.stage === 'groups')}
            swiss={groupStage?.type === 'swiss'}
            recordPools={
              groupStage?.kind === 'groups' &&
              groupStage.advanceAt !== null &&
              groupStage.advanceAt !== undefined
            }
          />
        ) : (
          <BracketView matches={matches.filter((m) => m.stage === 'playoffs')} />
        )}
      </div>
    </>
  );
}

/** The bracket of every format; round robin and Swiss also show their standings under the rounds. */
export function BracketPage() {
  const t = useT();
  const link = useTournamentLink();
  const { tournament, matches } = useBracket();
  const standings = useStandings();
  if (tournament === undefined) {
    return (
      <main className="page">
        <Spinner label={t('bracket.page.loading')} />
      </main>
    );
  }
  if (tournament === null) {
    return (
      <main className="page">
        <p className="panel muted">{t('bracket.page.noTournament')}</p>
      </main>
    );
  }
  const ofTournament = Object.values(matches).filter((m) => m.tournamentId === tournament.id);
  if (tournament.type === 'groups_playoffs') {
    return (
      <main className="page page-wide">
        <div className="page-title">
          <h1>{t('bracket.page.title')}</h1>
          <Link to={link('/print/bracket')}>{t('print.link')}</Link>
        </div>
        <PlannedTimes tournament={tournament} />
        <StageTabs tournament={tournament} matches={ofTournament} />
      </main>
    );
  }
  const table = tournament.type === 'swiss' || tournament.type === 'round_robin';
  const valveSwiss = tournament.type === 'swiss' && tournament.settings.advanceAt != null;
  return (
    <main className="page page-wide">
      <div className="page-title">
        <h1>{t('bracket.page.title')}</h1>
        <Link to={link('/print/bracket')}>{t('print.link')}</Link>
      </div>
      <PlannedTimes tournament={tournament} />
      {valveSwiss ? (
        <RecordPools
          matches={ofTournament}
          label={t('bracket.pools.title')}
          teams={(standings.rows ?? []).map((r) => ({
            id: r.id,
            name: r.name,
            record: r.record ?? '',
            state: r.state ?? 'playing',
          }))}
        />
      ) : (
        <BracketView matches={ofTournament} />
      )}
      {table && (
        <section className="panel" aria-label={t('bracket.page.standings')}>
          <h2>{t('bracket.page.standings')}</h2>
          {standings.rows === null ? (
            <Spinner />
          ) : (
            <StandingsTable rows={standings.rows} showBuchholz={tournament.type === 'swiss'} />
          )}
        </section>
      )}
    </main>
  );
}
