import { Link } from 'react-router';
import type { Match } from '../../../../shared/contracts/matches.js';
import type { VetoBoard } from '../../api/endpoints.js';
import { useLanRoster, useMapName, useMatchConnect, useVetoBoard } from '../../hooks/public-data.js';
import { useSession } from '../../stores/session.js';
import { useT } from '../../i18n/index.js';
import { useTournamentLink } from '../../hooks/use-tournament-link.js';

/** Both teams' players (the public roster list LAN sign-in uses too). */
export function Rosters({ match }: { match: Match }) {
  const link = useTournamentLink();
  const t = useT();
  const { data: roster } = useLanRoster();
  const sides = (['team1', 'team2'] as const).flatMap((side) => {
    const team = match[side] ? roster?.find((t) => t.id === match[side]!.id) : undefined;
    return team ? [team] : [];
  });
  if (sides.length === 0) {
    return null;
  }
  return (
    <section className="panel roster-grid" aria-label={t('bracket.extras.rosters')}>
      {sides.map((team) => (
        <div key={team.id}>
          <h2>{team.name}</h2>
          <ul>
            {team.players.map((p) => (
              <li key={p.platformId}>
                <Link to={link(`/players/${p.platformId}`)}>{p.name}</Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

/** Every ban, pick and side choice of a veto, in order. */
export function VetoSteps({ board }: { board: VetoBoard }) {
  const t = useT();
  const mapLabel = useMapName();
  return (
    <ol>
      {board.history.map((h) => (
        <li key={h.step}>
          {t(`bracket.extras.step.${h.action}`, {
            team: h.teamName,
            map: mapLabel(h.map),
            side: (h.side ?? '').toUpperCase(),
          })}
        </li>
      ))}
    </ol>
  );
}

/** How a map starts: "Alpha starts CT", or a knife round. */
function mapStart(
  t: ReturnType<typeof useT>,
  board: VetoBoard,
  side: VetoBoard['maps'][number]['side'],
): string {
  if (side === 'knife') {
    return t('bracket.extras.knife');
  }
  return t('bracket.extras.startsOn', {
    team: board.team1?.name ?? t('bracket.extras.team1'),
    side: side === 'team1_ct' ? 'CT' : 'T',
  });
}

/** How the veto went: every ban, pick and side choice, and how each map starts. */
export function VetoHistory({ match }: { match: Match }) {
  const t = useT();
  const mapLabel = useMapName();
  const vetoStatus = match.veto?.status;
  const started = vetoStatus === 'completed' || vetoStatus === 'in_progress';
  const { data: board } = useVetoBoard(started ? match.slug : null, vetoStatus);
  if (!board || board.history.length === 0) {
    return null;
  }
  return (
    <section className="panel" aria-labelledby="veto-history-title">
      <h2 id="veto-history-title">{t('bracket.extras.veto')}</h2>
      <VetoSteps board={board} />
      {board.maps.length > 0 && (
        <p className="muted">
          {board.maps
            .map((m) =>
              t('bracket.extras.mapStart', { map: mapLabel(m.map), start: mapStart(t, board, m.side) }),
            )
            .join(' · ')}
        </p>
      )}
    </section>
  );
}

/** The connect command, for the match's own players (and admins) once a server has it. */
export function ConnectForPlayers({ match }: { match: Match }) {
  const t = useT();
  const me = useSession((s) => s.me);
  const onServer = match.status === 'loaded' || match.status === 'live';
  // Refused to anyone on neither roster: nothing to show then.
  const { data: details } = useMatchConnect(
    onServer && me?.authenticated ? match.slug : null,
    match.serverId,
  );
  if (!onServer || !details) {
    return null;
  }
  return (
    <section className="panel" aria-label={t('bracket.extras.join')}>
      <p className="muted">{t('bracket.extras.joinHint')}</p>
      <code className="connect-line">{details.console}</code>
    </section>
  );
}
