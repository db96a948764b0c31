import { Spinner } from '../../components/Spinner.js';
import { useCheckIn, useMe, usePlayerTeam } from '../../hooks/public-data.js';
import { CheckInButton } from './CheckInButton.js';
import { useNow } from '../../hooks/use-now.js';
import { missingText, stateText } from './check-in-text.js';

/** `/check-in`: every team's check-in, the countdown, and a Check in button for a signed-in player. */
export function CheckInPage() {
  const { data } = useCheckIn();
  const me = useMe();
  const myTeam = usePlayerTeam(me?.platformId).data?.team ?? null;
  const now = useNow();
  if (!data) {
    return (
      <main className="page">
        <Spinner />
      </main>
    );
  }
  return (
    <main className="page">
      <h1>Check-in</h1>
      <p className="panel" aria-label="Check-in state">
        {stateText(data, now)} {data.state !== 'off' && missingText(data)} ({data.counts.checkedIn} of{' '}
        {data.counts.total} checked in)
      </p>
      {myTeam && <CheckInButton teamId={myTeam.id} />}
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
