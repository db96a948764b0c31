import { useState } from 'react';
import type { Match } from '../../../../shared/contracts/matches.js';
import { admin } from '../../api/admin.js';
import { ApiError } from '../../api/client.js';
import { useMatchesInPlayOrder } from '../../hooks/console-data.js';
import { useLive } from '../../stores/live.js';
import { toast } from '../../stores/toasts.js';
import { correctionPreview } from './correction-preview.js';
import { useT } from '../../i18n/index.js';
import { errorText } from '../../i18n/error-text.js';
import { useMatchLabel } from '../../hooks/use-match-label.js';

type Side = 'team1' | 'team2';

/** A started match that blocks a correction, as the server's 409 names it: `path` is its slug. */
interface Blocker {
  path: string;
  message: string;
}

/** What the correction will do to later matches, before it is confirmed. */
function Preview({ match, winner }: { match: Match; winner: Side }) {
  const all = useMatchesInPlayOrder(match.tournamentId === null ? null : `${match.slug}:${match.winnerId}`);
  const t = useT();
  const label = useMatchLabel();
  if (match.tournamentId === null) {
    return <p className="muted">{t('matches.correct.preview.manual')}</p>;
  }
  if (!all.data) {
    return null;
  }
  const preview = correctionPreview(match, all.data, winner);
  return (
    <div aria-label={t('matches.correct.preview.label')}>
      {preview.playoffsMayChange && <p>{t('matches.correct.preview.playoffs')}</p>}
      {preview.repaired.length > 0 && (
        <p>
          {t('matches.correct.preview.repaired')} <strong>{preview.repaired.join(', ')}</strong>
        </p>
      )}
      {preview.reset.length > 0 && (
        <p className="banner-warning">
          {t('matches.correct.preview.reset')}{' '}
          <strong>
            {preview.reset
              .map((m) =>
                t('matches.correct.preview.started', {
                  label: label(m.label),
                  state: t(`matches.lifecycleState.${m.status}`),
                }),
              )
              .join(', ')}
          </strong>
        </p>
      )}
      {!preview.playoffsMayChange && preview.repaired.length === 0 && preview.reset.length === 0 && (
        <p className="muted">{t('matches.correct.preview.nothing')}</p>
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
  const matches = useLive((s) => s.matches);
  const [busy, setBusy] = useState(false);
  const t = useT();
  const label = useMatchLabel();

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
          ? t('matches.correct.unchanged')
          : [
              t('matches.correct.corrected', { match: label(match.label) }),
              answer.repaired.length > 0 &&
                t('matches.correct.repairedList', { list: answer.repaired.join(', ') }),
              answer.reset.length > 0 && t('matches.correct.resetList', { list: answer.reset.join(', ') }),
            ]
              .filter(Boolean)
              .join(' '),
      );
    } catch (err) {
      if (err instanceof ApiError && err.code === 'CORRECTION_BLOCKED') {
        setBlockers(err.details);
      } else {
        toast('error', errorText(err));
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
        <legend>{t('matches.correct.winner')}</legend>
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
            {t('matches.correct.maps', { team: match[side]?.name })}{' '}
            <input
              type="number"
              min={0}
              max={5}
              value={scores[side]}
              placeholder={
                winner === current ? String(match[`${side}SeriesScore`]) : t('matches.correct.walkover')
              }
              onChange={(e) => setScores({ ...scores, [side]: e.target.value })}
            />
          </label>
        ))}
      </div>
      <label>
        {t('matches.correct.reason')}{' '}
        <input value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
      </label>
      <Preview match={match} winner={winner} />
      <div className="actions" style={{ marginTop: 0 }}>
        <button type="submit" className="danger" disabled={busy}>
          {busy ? t('matches.correct.saving') : t('matches.correct.submit')}
        </button>
      </div>
      {blockers && (
        <div className="banner-warning" role="alert">
          <p>{t('matches.correct.blocked')}</p>
          <ul>
            {blockers.map((b) => (
              <li key={b.path}>
                {matches[b.path]
                  ? t('matches.correct.blocker', {
                      label: label(matches[b.path]!.label),
                      state: t(`matches.lifecycleState.${matches[b.path]!.status}`),
                    })
                  : b.message}
              </li>
            ))}
          </ul>
          <button type="button" className="danger" disabled={busy} onClick={() => void submit(true)}>
            {t('matches.correct.force')}
          </button>
        </div>
      )}
    </form>
  );
}
