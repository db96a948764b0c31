import { useState } from 'react';
import type { Match } from '../../../../shared/contracts/matches.js';
import { endpoints } from '../../api/endpoints.js';
import { JoinCountdown } from '../../components/JoinCountdown.js';
import { toast } from '../../stores/toasts.js';
import { useT } from '../../i18n/index.js';
import { errorText } from '../../i18n/error-text.js';

/** Whether the match waits for its players, so its join clock can be held or released. */
export const waitsForPlayers = (match: Match) => match.status === 'loaded';

/** The match window's join clock (API.md decision 59): the countdown, and Hold or Release. */
export function JoinClockControl({ match }: { match: Match }) {
  const [busy, setBusy] = useState(false);
  const t = useT();
  async function toggle() {
    setBusy(true);
    try {
      await (match.joinHeld ? endpoints.releaseJoinClock(match.slug) : endpoints.holdJoinClock(match.slug));
      toast('success', t(match.joinHeld ? 'matches.joinClock.released' : 'matches.joinClock.heldToast'));
    } catch (err) {
      toast('error', errorText(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="control">
      <JoinCountdown match={match} />
      <p className="muted">
        {t(match.joinHeld ? 'matches.joinClock.releaseExplain' : 'matches.joinClock.holdExplain')}
      </p>
      <button type="button" disabled={busy} onClick={() => void toggle()}>
        {t(match.joinHeld ? 'matches.joinClock.release' : 'matches.joinClock.hold')}
      </button>
    </div>
  );
}
