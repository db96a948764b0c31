import type { Match } from '../../../../shared/contracts/matches.js';
import type { ScreenPanel } from '../../../../shared/domain/display-params.js';
import type { BracketStage, Tournament } from '../../api/endpoints.js';
import { BracketView } from '../bracket/BracketView.js';
import { isLive } from '../bracket/sections.js';
import { GroupTables } from '../bracket/GroupTables.js';
import { StandingsTable, type StandingRow } from '../bracket/StandingsTable.js';
import { Scorebug } from '../overlay/Scorebug.js';
import { aboutWhen } from '../../components/time.js';
import { ETA_TICK_MS } from '../../components/MatchEta.js';
import { useNow } from '../../hooks/use-now.js';
import { startTimeForm, type StartTimeForm } from '../../../../shared/domain/start-time-form.js';
import { t, useT } from '../../i18n/index.js';
import { displayStatusText } from '../matches/status-text.js';
import { matchLabelText } from '../../i18n/match-label.js';

const NEXT_SHOWN = 8;

/** Matches with both teams that wait to be played, in the order they should start. */
export function nextMatches(matches: readonly Match[]): Match[] {
  const order = (m: Match) => m.eta?.startsAt ?? m.queuePosition ?? Number.MAX_SAFE_INTEGER;
  return matches
    .filter((m) => m.team1 && m.team2 && (m.status === 'pending' || m.status === 'ready'))
    .filter((m) => m.displayStatus !== 'BYE')
    .sort((a, b) => order(a) - order(b) || a.round - b.round || a.matchNumber - b.matchNumber)
    .slice(0, NEXT_SHOWN);
}

/** "about N min", or the local time (decision 43), in the `form` the whole list takes. */
function etaText(m: Match, form: StartTimeForm, now: number): string {
  if (isHeldForGo(m)) {
    return t('screen.heldForGo');
  }
  if (m.eta) {
    return aboutWhen(m.eta.startsAt, now, form);
  }
  return m.queuePosition === null
    ? displayStatusText(m.displayStatus)
    : t('screen.inQueue', { position: m.queuePosition });
}

/** On the stage queue and not yet decided (decision 76). */
export const isOnStage = (m: Match): boolean =>
  m.onStage && m.status !== 'completed' && m.status !== 'cancelled';

/** A stage match loaded and held in warmup until the casters' Go (decision 76). */
const isHeldForGo = (m: Match): boolean => m.onStage && m.status === 'loaded' && m.goAt === null;

/** The standings the format has: Swiss and round robin a table, groups one table per group. */
export function hasStandings(tournament: Tournament): boolean {
  return (
    tournament.type === 'swiss' || tournament.type === 'round_robin' || tournament.type === 'groups_playoffs'
  );
}

interface PanelData {
  tournament: Tournament | null;
  /** The tournament's matches. */
  matches: readonly Match[];
  /** Every match being played, the manual ones too. */
  live: readonly Match[];
  stages: readonly BracketStage[];
  standings: readonly StandingRow[];
  mapNames: Record<string, string>;
}

function Empty({ children }: { children: string }) {
  return <p className="muted screen-empty">{children}</p>;
}

/** One panel of the projector: what anyone may read on the public pages. */
export function ScreenPanelView({ panel, data }: { panel: ScreenPanel; data: PanelData }) {
  const { tournament, matches, live, stages, standings, mapNames } = data;
  const t = useT();
  if (panel === 'live') {
    return live.length === 0 ? (
      <Empty>{t('screen.empty.live')}</Empty>
    ) : (
      <div className="screen-live">
        {live.map((m) => (
          <Scorebug key={m.slug} match={m} mapNames={mapNames} />
        ))}
      </div>
    );
  }
  if (panel === 'stage') {
    // The stage queue (decision 76): the match held for Go and what waits for the stage server, else
    // what it plays.
    const onStage = [...matches, ...live.filter((m) => !matches.includes(m))].filter(isOnStage);
    const held = onStage.filter(isHeldForGo);
    return onStage.length === 0 ? (
      <Empty>{t('screen.empty.stage')}</Empty>
    ) : (
      <NextPanel
        next={[...held, ...nextMatches(onStage)]}
        live={onStage.filter((m) => isLive(m) && !held.includes(m))}
      />
    );
  }
  if (!tournament) {
    return <Empty>{t('screen.empty.tournament')}</Empty>;
  }
  const groupStage = stages.find((s) => s.kind === 'groups');
  const groups = groupStage && 'groups' in groupStage ? groupStage.groups : [];
  switch (panel) {
    case 'bracket': {
      // The stage being played: a two-stage tournament shows the groups until the playoffs start.
      if (tournament.type === 'groups_playoffs' && tournament.currentStage !== 'playoffs') {
        return (
          <GroupTables
            groups={groups}
            matches={matches.filter((m) => m.stage === 'groups')}
            swiss={groupStage?.type === 'swiss'}
          />
        );
      }
      const stage =
        tournament.type === 'groups_playoffs' ? matches.filter((m) => m.stage === 'playoffs') : matches;
      return <BracketView matches={stage} />;
    }
    case 'standings':
      if (tournament.type === 'groups_playoffs') {
        return <GroupTables groups={groups} swiss={groupStage?.type === 'swiss'} />;
      }
      return hasStandings(tournament) ? (
        <StandingsTable rows={standings} showBuchholz={tournament.type === 'swiss'} />
      ) : (
        <Empty>{t('screen.empty.standings')}</Empty>
      );
    case 'next':
      return <NextPanel next={nextMatches(matches)} live={live} />;
  }
}

/** The matches waiting in the order they start; when none waits, those being played and where. */
function NextPanel({ next, live }: { next: readonly Match[]; live: readonly Match[] }) {
  const t = useT();
  const now = useNow(ETA_TICK_MS);
  // The estimates in one form for the whole list.
  const etaForm = startTimeForm(
    next.flatMap((m) => (m.eta ? [m.eta.startsAt] : [])),
    now,
  );
  const waiting = next.length > 0;
  const rows = waiting ? next : live;
  if (rows.length === 0) {
    return <Empty>{t('screen.empty.next')}</Empty>;
  }
  return (
    <div className="screen-next-panel">
      {!waiting && <p className="screen-next-caption">{t('screen.playingNow')}</p>}
      <ol className="screen-next">
        {rows.map((m) => (
          <li key={m.slug} data-slug={m.slug}>
            <span className="muted">{matchLabelText(m.label)}</span>
            <span className="screen-next-teams">
              {m.team1?.name ?? t('common.tbd')}{' '}
              <span className="muted">{waiting ? 'vs' : seriesScore(m)}</span>{' '}
              {m.team2?.name ?? t('common.tbd')}
            </span>
            <span className="screen-next-eta">
              {waiting ? etaText(m, etaForm, now) : t('screen.onServer', { server: m.serverId ?? '—' })}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** "1 : 0" in maps, or the round score of the one map of a best-of-one. */
function seriesScore(m: Match): string {
  const map = m.maps.find((x) => x.number === m.currentMapNumber);
  return m.format === 'bo1' && map
    ? `${map.team1Score} : ${map.team2Score}`
    : `${m.team1SeriesScore} : ${m.team2SeriesScore}`;
}
