import { Link, useParams } from 'react-router';
import type { Match } from '../../../../shared/contracts/matches.js';
import { MatchEta } from '../../components/MatchEta.js';
import { Spinner } from '../../components/Spinner.js';
import { useMatch } from '../../hooks/public-data.js';
import { ConnectForPlayers, Rosters, VetoHistory } from '../bracket/MatchExtras.js';
import { isLive } from '../bracket/sections.js';
import { SpectateBlock } from './SpectateBlock.js';
import { MatchScoreboard } from '../stats/MatchScoreboard.js';

const PHASES = { live: 'Live', halftime: 'Halftime', overtime: 'Overtime', paused: 'Paused' } as const;

function TeamName({ match, side }: { match: Match; side: 'team1' | 'team2' }) {
  const team = match[side];
  const placeholder = side === 'team1' ? match.team1Placeholder : match.team2Placeholder;
  return team ? (
    <Link to={`/teams/${encodeURIComponent(team.id)}`}>{team.name}</Link>
  ) : (
    <span className="muted">{placeholder ?? 'TBD'}</span>
  );
}

/** A match as players follow it: teams, series and map score, phase, maps; live. */
export function MatchPage() {
  const { slug = '' } = useParams();
  const { data: match, error } = useMatch(slug);
  if (!match) {
    return (
      <main className="page">
        {error ? (
          <p className="panel" role="alert">
            {error}
          </p>
        ) : (
          <Spinner />
        )}
      </main>
    );
  }
  const live = isLive(match);
  return (
    <main className="page">
      <p className="muted">
        {match.label} · {match.format} ·{' '}
        <span className={live ? 'live-text' : undefined}>{match.displayStatus}</span>
        {match.phase && ` · ${PHASES[match.phase]}`}
        {match.eta && (
          <>
            {' · '}
            <MatchEta eta={match.eta} />
          </>
        )}
      </p>
      <section className="panel scoreboard" aria-label="Score">
        <div className="sb-team">
          <TeamName match={match} side="team1" />
        </div>
        <div className="sb-score" aria-label="Series score">
          {match.team1SeriesScore} : {match.team2SeriesScore}
        </div>
        <div className="sb-team sb-right">
          <TeamName match={match} side="team2" />
        </div>
        {live && match.currentMapNumber !== null && (
          <div className="sb-map" aria-label="Current map score">
            Map {match.currentMapNumber + 1}: {match.team1MapScore} : {match.team2MapScore}
          </div>
        )}
      </section>
      <p className="panel" aria-label="Format">
        Best of {match.format.slice(2)} · Map pool: {match.mapPool.join(', ') || 'none'}
      </p>
      {match.forfeit && <p className="panel banner-warning">Forfeit – no check-in</p>}
      {match.correctedAt !== null && (
        <p className="panel muted">Result corrected {new Date(match.correctedAt * 1000).toLocaleString()}</p>
      )}
      <ConnectForPlayers match={match} />
      <SpectateBlock match={match} />
      {match.queuePosition !== null && match.status === 'ready' && (
        <p className="panel">Waiting for a server · position {match.queuePosition} in the queue</p>
      )}
      <section className="panel table-wrap" aria-label="Maps">
        <h2>Maps</h2>
        {match.maps.length === 0 ? (
          <p className="muted">
            {match.veto && match.veto.status !== 'completed' ? (
              <>
                Veto pending. <Link to={`/veto/${encodeURIComponent(match.slug)}`}>Open the veto board</Link>
              </>
            ) : (
              `To play: ${match.mapPool.join(', ') || 'not decided yet'}`
            )}
          </p>
        ) : (
          <table>
            <thead>
              <tr>
                <th scope="col">Map</th>
                <th scope="col">Score</th>
                <th scope="col">Result</th>
              </tr>
            </thead>
            <tbody>
              {match.maps.map((m) => (
                <tr key={m.number}>
                  <td>
                    Map {m.number + 1}: {m.name}
                  </td>
                  <td>
                    {m.team1Score} : {m.team2Score}
                  </td>
                  <td>
                    {m.winner === null
                      ? match.currentMapNumber === m.number && live
                        ? 'Playing'
                        : '—'
                      : `${match[m.winner]?.name ?? m.winner} won`}
                    {m.decidedBy === 'damage_tiebreak' && (
                      <span className="tag" title="Level after the last round: decided on damage">
                        decided by tiebreak
                      </span>
                    )}
                    {m.demo?.available && (
                      <>
                        {' '}
                        <a href={m.demo.downloadUrl} download>
                          Demo
                        </a>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <MatchScoreboard match={match} />
      <VetoHistory match={match} />
      <Rosters match={match} />
    </main>
  );
}
