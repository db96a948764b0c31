import type { ReactNode } from 'react';
import { Spinner } from '../../components/Spinner.js';
import { useJoinInfo } from '../../hooks/public-data.js';
import { useT } from '../../i18n/index.js';
import { useLiveData } from '../../stores/live.js';
import { BracketView } from '../bracket/BracketView.js';
import { GroupTables } from '../bracket/GroupTables.js';
import type { Orientation } from './paper.js';
import { PrintSheet } from './PrintSheet.js';
import { ScheduleTable } from './ScheduleTable.js';

type Live = ReturnType<typeof useLiveData>;
type Tournament = NonNullable<Live['tournament']>;

/** A sheet of the tournament: a spinner until it is known, a note when there is none. */
function TournamentSheet({
  title,
  orientation,
  children,
}: {
  title: string;
  orientation: Orientation;
  children: (live: Live & { tournament: Tournament }) => ReactNode;
}) {
  const t = useT();
  const live = useLiveData();
  const { tournament } = live;
  return (
    <PrintSheet title={title} heading={tournament?.name ?? t('common.appName')} orientation={orientation}>
      {tournament === undefined ? (
        <Spinner label={t('common.loading')} />
      ) : tournament === null ? (
        <p>{t('print.noTournament')}</p>
      ) : (
        children({ ...live, tournament })
      )}
    </PrintSheet>
  );
}

const ofTournament = (live: Live & { tournament: Tournament }) =>
  Object.values(live.matches).filter((m) => m.tournamentId === live.tournament.id);

/** `/print/bracket`: the bracket for the wall; of a two-stage event the playoffs (groups have their sheet). */
export function PrintBracketPage() {
  const t = useT();
  return (
    <TournamentSheet title={t('print.title.bracket')} orientation="landscape">
      {(live) => {
        const matches = ofTournament(live);
        const playoffs = matches.filter((m) => m.stage === 'playoffs');
        return <BracketView matches={live.tournament.type === 'groups_playoffs' ? playoffs : matches} />;
      }}
    </TournamentSheet>
  );
}

/** `/print/groups`: every group's table with its matches. */
export function PrintGroupsPage() {
  const t = useT();
  return (
    <TournamentSheet title={t('print.title.groups')} orientation="landscape">
      {(live) => {
        const groupStage = live.stages.find((s) => s.kind === 'groups');
        if (!groupStage || !('groups' in groupStage)) {
          return <p>{t('bracket.groups.none')}</p>;
        }
        return (
          <GroupTables
            groups={groupStage.groups}
            matches={ofTournament(live).filter((m) => m.stage === 'groups')}
            swiss={groupStage.type === 'swiss'}
          />
        );
      }}
    </TournamentSheet>
  );
}

/** `/print/schedule`: the match-call sheet, the matches still to play in play order. */
export function PrintSchedulePage() {
  const t = useT();
  return (
    <TournamentSheet title={t('print.title.schedule')} orientation="landscape">
      {(live) => <ScheduleTable matches={ofTournament(live)} />}
    </TournamentSheet>
  );
}

/** `/print/flyer`: the join QR code, the players' address and how to sign in with a team code. */
export function PrintFlyerPage() {
  const t = useT();
  const { tournament } = useLiveData();
  const { data: join } = useJoinInfo();
  return (
    <PrintSheet
      title={t('print.title.flyer')}
      heading={tournament?.name ?? t('common.appName')}
      orientation="portrait"
    >
      <div className="print-flyer">
        <h2>{t('print.flyer.join')}</h2>
        {join ? (
          <>
            <img
              className="print-qr"
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(join.qrSvg)}`}
              alt={t('screen.qrOf', { url: join.playersUrl })}
            />
            <p className="print-url" data-testid="flyer-url">
              {join.playersUrl}
            </p>
          </>
        ) : (
          <Spinner label={t('common.loading')} />
        )}
        <ol className="print-steps">
          <li>{t('print.flyer.step1')}</li>
          <li>{t('print.flyer.step2')}</li>
          <li>{t('print.flyer.step3')}</li>
        </ol>
      </div>
    </PrintSheet>
  );
}
