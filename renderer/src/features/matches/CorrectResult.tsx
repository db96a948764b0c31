import { useState } from 'react';
import type { Match } from '../../../../shared/contracts/matches.js';
import { admin } from '../../api/admin.js';
import { ApiError } from '../../api/client.js';
import { useMatchesInPlayOrder } from '../../hooks/console-data.js';
import { toast } from '../../stores/toasts.js';
import { correctionPreview } from './correction-preview.js';

type Side = 'team1' | 'team2';

/** A started match that blocks a correction, as the server's 409 names it. */
interface Blocker {
  path: string;
  message: string;
}

/** What the correction will do to later matches, before it is confirmed. */
function Preview({ match, winner }: { match: Match; winner: Side }) {
  const all = useMatchesInPlayOrder(match.tournamentId === null ? null : `${match.slug}:${match.winnerId}`);
  if (match.tournamentId === null) {
    return <p className="muted">A manual match: no other match changes.</p>;
  }
  if (!all.data) {
    return null;
  }
  const preview = correctionPreview(match, all.data, winner);
  return (
    <div aria-label="What the correction changes">
      {preview.playoffsMayChange && (
        <p>
          Playoff matches whose teams change with the group standings are repaired; started ones block it.
        </p>
      )}
      {preview.repaired.length > 0 && (
        <p>
          Repaired (team replaced, veto again): <strong>{preview.repaired.join(', ')}</strong>
        </p>
      )}
      {preview.reset.length > 0 && (
        <p className="banner-warning">
          Already started, will block the correction: <strong>{preview.reset.join(', ')}</strong>
        </p>
      )}
      {!preview.playoffsMayChange && preview.repaired.length === 0 && preview.reset.length === 0 && (
        <p className="muted">No later match changes.</p>
      )}
    </div>
  );
}

/**
 * The match window's "Correct result" (API.md decisions 37-41): choose the right winner and scores,
 * see what later matches it repairs or resets, confirm; `force` is offered only once the server
 * refused because started matches block it.
 */
export function CorrectResult({ match }: { match: Match }) {
  const current: Side | null =
    match.winnerId === null ? null : match.winnerId === match.team1?.id ? 'team1' : 'team2';
  const [winner, setWinner] = useState<Side>(current ?? 'team1');
  const [scores, setScores] = useState({ team1: '', team2: '' });
  const [reason, setReason] = useState('');
  const [blockers, setBlockers] = useState<Blocker[] | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(force: boolean) {
    setBusy(true);
    try {
      const score = (v: string) => (v === '' ? undefined : Number(v));
      const answer = await admin.correctResult(match.slug, {
        winner,
        team1SeriesScore: score(scores.team1),
        team2SeriesScore: score(scores.team2),
        reason: reason === '' ? undefined : reason,
        force: force || undefined,
      });
      setBlockers(null);
      toast(
        'success',
        answer.correction === null
          ? 'Nothing changed: the result already reads so.'
          : `${match.label} corrected.${answer.repaired.length ? ` Repaired: ${answer.repaired.join(', ')}.` : ''}${answer.reset.length ? ` Reset: ${answer.reset.join(', ')}.` : ''}`,
      );
    } catch (err) {
      if (err instanceof ApiError && err.code === 'CORRECTION_BLOCKED') {
        setBlockers(err.details);
      } else {
        toast('error', (err as Error).message);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="stack"
      onSubmit={(e) => {
        e.preventDefault();
        void submit(false);
      }}
    >
      <fieldset>
        <legend>Winner</legend>
        {(['team1', 'team2'] as const).map((side) => (
          <label key={side}>
            <input
              type="radio"
              name="correct-winner"
              checked={winner === side}
              onChange={() => {
                setWinner(side);
                setBlockers(null);
              }}
            />{' '}
            {match[side]?.name}
          </label>
        ))}
      </fieldset>
      <div className="row">
        {(['team1', 'team2'] as const).map((side) => (
          <label key={side}>
            {match[side]?.name} maps{' '}
            <input
              type="number"
              min={0}
              max={5}
              value={scores[side]}
              placeholder={winner === current ? String(match[`${side}SeriesScore`]) : 'walkover'}
              onChange={(e) => setScores({ ...scores, [side]: e.target.value })}
            />
          </label>
        ))}
      </div>
      <label>
        Reason <input value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
      </label>
      <Preview match={match} winner={winner} />
      <div className="actions" style={{ marginTop: 0 }}>
        <button type="submit" className="danger" disabled={busy}>
          {busy ? 'Saving…' : 'Correct result'}
        </button>
      </div>
      {blockers && (
        <div className="banner-warning" role="alert">
          <p>These matches have started and block the correction:</p>
          <ul>
            {blockers.map((b) => (
              <li key={b.path}>{b.message}</li>
            ))}
          </ul>
          <button type="button" className="danger" disabled={busy} onClick={() => void submit(true)}>
            Force: reset them and correct
          </button>
        </div>
      )}
    </form>
  );
}
