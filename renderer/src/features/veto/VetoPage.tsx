import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { VetoActionBody } from '../../../../shared/contracts/veto.js';
import { endpoints, type VetoBoard } from '../../api/endpoints.js';
import { Spinner } from '../../components/Spinner.js';
import { useMe, usePlayerTeam, useVetoBoard } from '../../hooks/public-data.js';
import { VetoSteps } from '../bracket/MatchExtras.js';
import {
  mapLabel,
  newerBoard,
  playerSide,
  sideText,
  vetoPrompt,
  type Side,
} from '../../../../shared/domain/veto-prompt.js';
import { useLive } from '../../stores/live.js';

const STATE_TEXT = { banned: 'Banned', picked: 'Picked', decider: 'Decider' } as const;

interface MySide {
  /** The player's side of the match; null for anyone else (signed out, admin, another team). */
  side: Side | null;
  /** False until the session and the player's teams are known (no "Waiting for" your own team meanwhile). */
  known: boolean;
  signedIn: boolean | undefined;
  isPlayer: boolean;
}

/** The side of the match the signed-in player plays. */
function useMySide(board: VetoBoard | null): MySide {
  const me = useMe();
  // A player whose teams cannot be read plays for none of them.
  const teams = usePlayerTeam(me?.platformId);
  const signedIn = me?.authenticated;
  const isPlayer = me?.role === 'player';
  if (me === undefined || (me.platformId && teams.data === undefined && teams.error === null)) {
    return { side: null, known: false, signedIn, isPlayer };
  }
  const ids = teams.data?.teams.map((t) => t.id) ?? [];
  const side = board && me.platformId ? playerSide(board, ids) : null;
  return { side, known: true, signedIn, isPlayer };
}

/** The veto of one match: whose turn, the maps left, and the result; the other team's moves arrive live. */
export function VetoPage() {
  const { slug = '' } = useParams();
  const [refused, setRefused] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Loaded again whenever the match changes on the live stream (the other team acted).
  const liveMatch = useLive((s) => s.matches[slug]);
  const veto = useVetoBoard(slug, liveMatch);
  const board = veto.data ?? null;
  const { side, known, signedIn, isPlayer } = useMySide(board);

  async function act(action: Omit<VetoActionBody, 'version'>) {
    if (!board) {
      return;
    }
    setBusy(true);
    try {
      const answer = await endpoints.vetoAction(slug, { ...action, version: board.version });
      veto.set((current) => newerBoard(current ?? null, answer.veto));
      setRefused(null);
    } catch (err) {
      setRefused(err instanceof Error ? err.message : String(err));
      await veto.refresh();
    } finally {
      setBusy(false);
    }
  }

  if (!board) {
    return <main className="page">{veto.error ? <p role="alert">{veto.error}</p> : <Spinner />}</main>;
  }
  const prompt = vetoPrompt(board, side);
  const canChoose = prompt.myTurn && !busy;
  const done = board.status === 'completed' || board.status === 'skipped';

  return (
    <main className="page veto">
      <div className="page-head">
        <h1>
          {board.team1?.name ?? 'TBD'} vs {board.team2?.name ?? 'TBD'}
        </h1>
        <span className="muted">{board.format.toUpperCase()} map veto</span>
      </div>
      {refused && (
        <div className="panel banner-error veto-refused" role="alert">
          <p>
            <strong>Refused:</strong> {refused}
          </p>
          <p className="muted">The board below shows the veto as it is now.</p>
          <button type="button" onClick={() => setRefused(null)}>
            Dismiss
          </button>
        </div>
      )}
      {known ? (
        <p
          className={`panel veto-turn${prompt.myTurn ? ' veto-my-turn' : ''}`}
          role="status"
          aria-live="polite"
        >
          {prompt.text}
          {!done && (
            <span className="muted">
              {' '}
              Step {Math.min(board.step + 1, board.totalSteps)} of {board.totalSteps}
            </span>
          )}
        </p>
      ) : (
        <div className="panel veto-turn">
          <Spinner />
        </div>
      )}
      {signedIn === false && !done && (
        <p className="panel">
          <Link to={`/signin?next=${encodeURIComponent(`/veto/${slug}`)}`}>Sign in</Link> to ban and pick for
          your team.
        </p>
      )}
      {isPlayer && known && side === null && !done && (
        <p className="panel muted">You are on neither team of this match: you can follow the veto here.</p>
      )}
      {!done && board.currentAction === 'side' && prompt.myTurn && (
        <section className="panel" aria-label="Choose a side">
          <div className="actions">
            <button
              type="button"
              className="primary"
              disabled={!canChoose}
              onClick={() => void act({ action: 'side', side: 'ct' })}
            >
              Start as CT
            </button>
            <button
              type="button"
              className="primary"
              disabled={!canChoose}
              onClick={() => void act({ action: 'side', side: 't' })}
            >
              Start as T
            </button>
          </div>
        </section>
      )}
      <ul className="veto-pool" aria-label="Map pool">
        {board.pool.map((entry) => {
          const action =
            board.currentAction === 'ban' || board.currentAction === 'pick' ? board.currentAction : null;
          return (
            <li key={entry.map} className={`veto-map veto-${entry.state}`}>
              <strong>{mapLabel(entry.map)}</strong>
              {entry.state === 'available' ? (
                action &&
                prompt.myTurn && (
                  <button
                    type="button"
                    className={action === 'ban' ? 'danger' : 'primary'}
                    disabled={!canChoose}
                    aria-label={`${action === 'ban' ? 'Ban' : 'Pick'} ${mapLabel(entry.map)}`}
                    onClick={() => void act({ action, map: entry.map })}
                  >
                    {/* The card's title names the map. */}
                    {action === 'ban' ? 'Ban' : 'Pick'}
                  </button>
                )
              ) : (
                <span className="muted">
                  {STATE_TEXT[entry.state]}
                  {entry.by && ` by ${board[entry.by]?.name ?? entry.by}`}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {board.maps.length > 0 && (
        <section className="panel" aria-labelledby="veto-result">
          <h2 id="veto-result">Maps to play</h2>
          <ol className="veto-result">
            {board.maps.map((m) => (
              <li key={m.number}>
                <strong>{mapLabel(m.map)}</strong>{' '}
                <span className="muted">
                  {m.pickedBy === 'decider'
                    ? 'decider'
                    : `picked by ${board[m.pickedBy]?.name ?? m.pickedBy}`}{' '}
                  · {sideText(board, m.side)}
                </span>
              </li>
            ))}
          </ol>
          <p>
            Next: the match waits for a server. <Link to="/me">My match</Link> shows how to join when it is
            ready.
          </p>
        </section>
      )}
      {board.history.length > 0 && (
        <section className="panel" aria-labelledby="veto-history">
          <h2 id="veto-history">History</h2>
          <VetoSteps board={board} />
        </section>
      )}
    </main>
  );
}
