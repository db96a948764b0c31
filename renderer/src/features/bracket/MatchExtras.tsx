import { Link } from 'react-router';
import type { Match } from '../../../../shared/contracts/matches.js';
import { mapLabel, sideText } from '../../../../shared/domain/veto-prompt.js';
import type { VetoBoard } from '../../api/endpoints.js';
import { useLanRoster, useMatchConnect, useVetoBoard } from '../../hooks/public-data.js';
import { useSession } from '../../stores/session.js';

/** Both teams' players (the public roster list LAN sign-in uses too). */
export function Rosters({ match }: { match: Match }) {
  const { data: roster } = useLanRoster();
  const sides = (['team1', 'team2'] as const).flatMap((side) => {
    const team = match[side] ? roster?.find((t) => t.id === match[side]!.id) : undefined;
    return team ? [team] : [];
  });
  if (sides.length === 0) {
    return null;
  }
  return (
    <section className="panel roster-grid" aria-label="Rosters">
      {sides.map((team) => (
        <div key={team.id}>
          <h2>{team.name}</h2>
          <ul>
            {team.players.map((p) => (
              <li key={p.platformId}>
                <Link to={`/players/${p.platformId}`}>{p.name}</Link>
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
  return (
    <ol>
      {board.history.map((h) => (
        <li key={h.step}>
          {h.teamName}: {h.actionName}{' '}
          {h.action === 'side' ? `${(h.side ?? '').toUpperCase()} on ${mapLabel(h.map)}` : mapLabel(h.map)}
        </li>
      ))}
    </ol>
  );
}

/** How the veto went: every ban, pick and side choice, and how each map starts. */
export function VetoHistory({ match }: { match: Match }) {
  const vetoStatus = match.veto?.status;
  const started = vetoStatus === 'completed' || vetoStatus === 'in_progress';
  const { data: board } = useVetoBoard(started ? match.slug : null, vetoStatus);
  if (!board || board.history.length === 0) {
    return null;
  }
  return (
    <section className="panel" aria-labelledby="veto-history-title">
      <h2 id="veto-history-title">Veto</h2>
      <VetoSteps board={board} />
      {board.maps.length > 0 && (
        <p className="muted">
          {board.maps.map((m) => `${mapLabel(m.map)}: ${sideText(board, m.side)}`).join(' · ')}
        </p>
      )}
    </section>
  );
}

/** The connect command, for the match's own players (and admins) once a server has it. */
export function ConnectForPlayers({ match }: { match: Match }) {
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
    <section className="panel" aria-label="Join the server">
      <p className="muted">Your match is on its server. In the game console:</p>
      <code className="connect-line">{details.console}</code>
    </section>
  );
}
