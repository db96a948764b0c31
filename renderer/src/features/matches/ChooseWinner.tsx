import { useState } from 'react';
import type { Match } from '../../../../shared/contracts/matches.js';
import { endpoints } from '../../api/endpoints.js';
import { toast } from '../../stores/toasts.js';
import { useT } from '../../i18n/index.js';
import { errorText } from '../../i18n/error-text.js';
import { useMatchLabel } from '../../hooks/use-match-label.js';

/** Both teams known and no result yet: an admin may decide it (needs-decision, stuck live or loaded). */
export const decidable = (m: Match) =>
  m.team1 !== null && m.team2 !== null && m.status !== 'completed' && m.status !== 'cancelled';

/** The match window's "choose winner": pick a side, then confirm (it ends the series). */
export function ChooseWinner({ match }: { match: Match }) {
  const [side, setSide] = useState<'team1' | 'team2' | null>(null);
  const [busy, setBusy] = useState(false);
  const t = useT();
  const label = useMatchLabel();
  async function confirm(winner: 'team1' | 'team2') {
    setBusy(true);
    try {
      await endpoints.decideWinner(match.slug, winner);
      toast('success', t('matches.winner.done', { match: label(match.label), team: match[winner]!.name }));
      setSide(null);
    } catch (err) {
      toast('error', errorText(err));
    } finally {
      setBusy(false);
    }
  }
  if (side === null) {
    return (
      <div className="actions" style={{ marginTop: 0 }}>
        <button type="button" onClick={() => setSide('team1')}>
          {t('matches.winner.wins', { team: match.team1!.name })}
        </button>
        <button type="button" onClick={() => setSide('team2')}>
          {t('matches.winner.wins', { team: match.team2!.name })}
        </button>
      </div>
    );
  }
  return (
    <div
      className="actions"
      style={{ marginTop: 0 }}
      role="group"
      aria-label={t('matches.winner.confirmGroup')}
    >
      <button type="button" className="danger" disabled={busy} onClick={() => void confirm(side)}>
        {busy ? t('matches.winner.saving') : t('matches.winner.confirm', { team: match[side]!.name })}
      </button>
      <button type="button" disabled={busy} onClick={() => setSide(null)}>
        {t('matches.winner.cancel')}
      </button>
    </div>
  );
}
