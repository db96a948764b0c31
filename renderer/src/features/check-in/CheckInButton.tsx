import { useState } from 'react';
import { endpoints } from '../../api/endpoints.js';
import { useCheckIn } from '../../hooks/public-data.js';
import { toast } from '../../stores/toasts.js';

/** A signed-in player's "Check in" for their team of the tournament, while check-in is open. */
export function CheckInButton({ teamId }: { teamId: string }) {
  const { data, refresh } = useCheckIn();
  const [busy, setBusy] = useState(false);
  const row = data?.teams.find((t) => t.teamId === teamId);
  if (!data || data.state !== 'open' || !row) {
    return null;
  }
  if (row.checkedIn) {
    return <p className="muted">Your team is checked in.</p>;
  }
  async function checkIn() {
    setBusy(true);
    try {
      const { team } = await endpoints.checkInTeam(teamId);
      toast('success', `${team.name} is checked in.`);
      void refresh();
    } catch (err) {
      toast('error', (err as Error).message);
    } finally {
      setBusy(false);
    }
  }
  return (
    <button type="button" disabled={busy} onClick={() => void checkIn()}>
      Check in
    </button>
  );
}
