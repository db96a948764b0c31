import { useState } from 'react';
import { endpoints } from '../../api/endpoints.js';
import { Spinner } from '../../components/Spinner.js';
import { useCheckIn, useMe } from '../../hooks/public-data.js';
import { useNow } from '../../hooks/use-now.js';
import { toast } from '../../stores/toasts.js';
import { missingText, stateText } from './check-in-text.js';

/** `/check-in`: every team's check-in, the countdown, and a Check in button for a signed-in player. */
export function CheckInPage() {
  const { data, refresh } = useCheckIn();
  const me = useMe();
  const now = useNow();
  const [busy, setBusy] = useState(false);
  if (!data) {
    return (
      <main className="page">
        <Spinner />
      </main>
    );
  }
  async function checkIn() {
    setBusy(true);
    try {
      const { team } = await endpoints.checkInTeam();
      toast('success', `${team.name} is checked in.`);
      void refresh();
    } catch (err) {
      toast('error', (err as Error).message);
    } finally {
      setBusy(false);
    }
  }
  return (
    <main className="page">
      <h1>Check-in</h1>
      <p className="panel" aria-label="Check-in state">
        {stateText(data, now)} {data.state !== 'off' && missingText(data)} ({data.counts.checkedIn} of{' '}
        {data.counts.total} checked in)
      </p>
      {data.state === 'open' && me?.role === 'player' && (
        <button type="button" disabled={busy} onClick={() => void checkIn()}>
          Check in my team
        </button>
      )}
      <section className="panel table-wrap" aria-label="Teams">
        <table>
          <thead>
            <tr>
              <th>Team</th>
              <th>Checked in</th>
            </tr>
          </thead>
          <tbody>
            {data.teams.map((t) => (
              <tr key={t.teamId}>
                <td>{t.name}</td>
                <td>{t.checkedIn ? `Yes, ${new Date(t.checkedInAt! * 1000).toLocaleTimeString()}` : 'No'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </main>
  );
}
