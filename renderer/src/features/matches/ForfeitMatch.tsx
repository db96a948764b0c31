import { useState } from 'react';
import type { Match } from '../../../../shared/contracts/matches.js';
import { endpoints } from '../../api/endpoints.js';
import { ConfirmButton } from '../../components/ConfirmButton.js';
import { toast } from '../../stores/toasts.js';
import { useT } from '../../i18n/index.js';
import { errorText } from '../../i18n/error-text.js';
import { useMatchLabel } from '../../hooks/use-match-label.js';

/**
 * The match window's "Forfeit" (API.md decision 60): the team that gives up and why, then a confirm;
 * the other team wins by walkover.
 */
export function ForfeitMatch({ match }: { match: Match }) {
  const [side, setSide] = useState<'team1' | 'team2'>('team1');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const t = useT();
  const label = useMatchLabel();
  const other = side === 'team1' ? 'team2' : 'team1';
  async function forfeit() {
    setBusy(true);
    try {
      await endpoints.forfeit(match.slug, match[side]!.id, reason.trim());
      toast(
        'success',
        t('matches.forfeit.done', {
          match: label(match.label),
          team: match[side]!.name,
          winner: match[other]!.name,
        }),
      );
      setReason('');
    } catch (err) {
      toast('error', errorText(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="control forfeit-form">
      <p className="muted">{t('matches.forfeit.explain')}</p>
      <fieldset className="forfeit-team">
        <legend>{t('matches.forfeit.team')}</legend>
        {(['team1', 'team2'] as const).map((s) => (
          <label key={s}>
            <input
              type="radio"
              name={`forfeit-${match.slug}`}
              checked={side === s}
              onChange={() => setSide(s)}
            />{' '}
            {match[s]!.name}
          </label>
        ))}
      </fieldset>
      <label htmlFor="forfeit-reason">{t('matches.forfeit.reason')}</label>
      <input
        id="forfeit-reason"
        type="text"
        maxLength={200}
        value={reason}
        aria-describedby="forfeit-reason-hint"
        onChange={(e) => setReason(e.target.value)}
      />
      <p id="forfeit-reason-hint" className="muted">
        {t('matches.forfeit.reasonHint')}
      </p>
      <ConfirmButton
        label={t('matches.forfeit.button')}
        confirmLabel={t('matches.forfeit.confirm', { team: match[side]!.name })}
        busy={busy}
        disabled={reason.trim() === ''}
        onConfirm={() => void forfeit()}
      />
    </div>
  );
}
