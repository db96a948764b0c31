import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { VetoActionBody } from '../../../../shared/contracts/veto.js';
import { endpoints, type VetoBoard } from '../../api/endpoints.js';
import { Spinner } from '../../components/Spinner.js';
import { VetoSteps } from '../../features/bracket/MatchExtras.js';
import {
  mapLabel,
  sideOfTeam,
  sideText,
  vetoPrompt,
  type Side,
} from '../../../../shared/domain/veto-prompt.js';
import { useLive } from '../../stores/live.js';
import { useSession } from '../../stores/session.js';

const STATE_TEXT = { banned: 'Banned', picked: 'Picked', decider: 'Decider' } as const;

/** The side of the match the signed-in player plays, once known. */
function useMySide(board: VetoBoard | null): { side: Side | null; signedIn: boolean | undefined } {
  const { me, loadMe } = useSession();
  const [teamId, setTeamId] = useState<string | null>(null);
  useEffect(() => {
    if (me === undefined) {
      void loadMe().catch(() => undefined);
    }
  }, [me, loadMe]);
  useEffect(() => {
    if (me?.platformId) {
      endpoints
        .playerTeam(me.platformId)
        .then((r) => setTeamId(r.team?.id ?? null))
        .catch(() => setTeamId(null));
    }
  }, [me?.platformId]);
  return { side: board ? sideOfTeam(board, teamId) : null, signedIn: me?.authenticated };
}

/** The veto of one match: whose turn, the maps left, and the result; the other team's moves arrive live. */
export function VetoPage() {
  const { slug = '' } = useParams();
  const [board, setBoard] = useState<VetoBoard | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const liveMatch = useLive((s) => s.matches[slug]);
  const { side, signedIn } = useMySide(board);

  const load = useCallback(
    () =>
      endpoints
        .veto(slug)
        .then((r) => {
          setBoard(r.veto);
          setLoadError(null);
        })
        .catch((err: Error) => setLoadError(err.message)),
    [slug],
  );
  // Again whenever the match changes on the live stream (the other team acted).
  useEffect(() => {
    void load();
  }, [load, liveMatch]);

  async function act(action: Omit<VetoActionBody, 'version'>) {
    if (!board) {
      return;
    }
    setBusy(true);
    try {
      setBoard((await endpoints.vetoAction(slug, { ...action, version: board.version })).veto);
      setRefused(null);
    } catch (err) {
      setRefused(err instanceof Error ? err.message : String(err));
      await load();
    } finally {
      setBusy(false);
    }
  }

  if (!board) {
    return <main className="page">{loadError ? <p role="alert">{loadError}</p> : <Spinner />}</main>;
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
        <p className="panel banner-error" role="alert">
          {refused}
        </p>
      )}
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
      {signedIn === false && !done && (
        <p className="panel">
          <Link to={`/signin?next=${encodeURIComponent(`/veto/${slug}`)}`}>Sign in</Link> to ban and pick for
          your team.
        </p>
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
                    onClick={() => void act({ action, map: entry.map })}
                  >
                    {action === 'ban' ? 'Ban' : 'Pick'} {mapLabel(entry.map)}
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
