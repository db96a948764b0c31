import { useState } from 'react';
import type { Match } from '../../../../shared/contracts/matches.js';
import { endpoints } from '../../api/endpoints.js';
import { toast } from '../../stores/toasts.js';

/** Both teams known and no result yet: an admin may decide it (needs-decision, stuck live or loaded). */
export const decidable = (m: Match) =>
  m.team1 !== null && m.team2 !== null && m.status !== 'completed' && m.status !== 'cancelled';

/** The match window's "choose winner": pick a side, then confirm (it ends the series). */
export function ChooseWinner({ match }: { match: Match }) {
  const [side, setSide] = useState<'team1' | 'team2' | null>(null);
  const [busy, setBusy] = useState(false);
  async function confirm(winner: 'team1' | 'team2') {
    setBusy(true);
    try {
      await endpoints.decideWinner(match.slug, winner);
      toast('success', `${match.label}: ${match[winner]!.name} wins.`);
      setSide(null);
    } catch (err) {
      toast('error', (err as Error).message);
    } finally {
      setBusy(false);
    }
  }
  if (side === null) {
    return (
      <div className="actions" style={{ marginTop: 0 }}>
        <button type="button" onClick={() => setSide('team1')}>
          {match.team1!.name} wins
        </button>
        <button type="button" onClick={() => setSide('team2')}>
          {match.team2!.name} wins
        </button>
      </div>
    );
  }
  return (
    <div className="actions" style={{ marginTop: 0 }} role="group" aria-label="Confirm the winner">
      <button type="button" className="danger" disabled={busy} onClick={() => void confirm(side)}>
        {busy ? 'Saving…' : `Confirm: ${match[side]!.name} wins`}
      </button>
      <button type="button" disabled={busy} onClick={() => setSide(null)}>
        Cancel
      </button>
    </div>
  );
}
