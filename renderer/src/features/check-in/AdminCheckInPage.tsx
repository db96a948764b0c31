import { useState } from 'react';
import { endpoints } from '../../api/endpoints.js';
import { Spinner } from '../../components/Spinner.js';
import { useCheckIn } from '../../hooks/public-data.js';
import { useNow } from '../../hooks/use-now.js';
import { toast } from '../../stores/toasts.js';
import { missingText, stateText } from './check-in-text.js';

/** `/admin/check-in`: every team, check in or undo for it, and what the start will do to the missing. */
export function AdminCheckInPage() {
  const { data, refresh } = useCheckIn();
  const [busy, setBusy] = useState<string | null>(null);
  const now = useNow();
  if (!data) {
    return (
      <main className="page">
        <Spinner />
      </main>
    );
  }
  async function toggle(teamId: string, checkedIn: boolean) {
    setBusy(teamId);
    try {
      await (checkedIn ? endpoints.undoCheckIn(teamId) : endpoints.checkInTeam(teamId));
      void refresh();
    } catch (err) {
      toast('error', (err as Error).message);
    } finally {
      setBusy(null);
    }
  }
  const missing = data.teams.filter((t) => !t.checkedIn);
  return (
    <main className="page">
      <div className="page-head">
        <h1>Check-in</h1>
      </div>
      <p className="panel">
        {stateText(data, now)} {data.counts.checkedIn} of {data.counts.total} checked in.
      </p>
      {data.state !== 'off' && missing.length > 0 && (
        <p className="panel banner-warning">
          {missingText(data)} Not checked in: {missing.map((t) => t.name).join(', ')}.
        </p>
      )}
      <section className="panel table-wrap" aria-label="Teams">
        <table>
          <thead>
            <tr>
              <th>Team</th>
              <th>Checked in</th>
              <th>By</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {data.teams.map((t) => (
              <tr key={t.teamId}>
                <td>{t.name}</td>
                <td>{t.checkedIn ? new Date(t.checkedInAt! * 1000).toLocaleString() : 'No'}</td>
                <td>{t.by ?? ''}</td>
                <td>
                  <button
                    type="button"
                    disabled={data.state === 'off' || busy === t.teamId}
                    onClick={() => void toggle(t.teamId, t.checkedIn)}
                  >
                    {t.checkedIn ? 'Undo' : 'Check in'}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </main>
  );
}
