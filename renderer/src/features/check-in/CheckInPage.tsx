import { CheckInWaiting } from './CheckInWaiting.js';
import { useCheckIn, useMe, usePlayerTeam } from '../../hooks/public-data.js';
import { CheckInButton } from './CheckInButton.js';
import { useNow } from '../../hooks/use-now.js';
import { missingText, stateText } from './check-in-text.js';
import { formatTime } from '../../i18n/format.js';
import { useT } from '../../i18n/index.js';

/** `/check-in`: every team's check-in, the countdown, and a Check in button for a signed-in player. */
export function CheckInPage() {
  const { data, error } = useCheckIn();
  const me = useMe();
  const myTeam = usePlayerTeam(me?.platformId).data?.team ?? null;
  const now = useNow();
  const t = useT();
  if (!data) {
    return <CheckInWaiting noTournament={data === null} error={error} forAdmin={false} />;
  }
  return (
    <main className="page">
      <h1>{t('checkIn.title')}</h1>
      <p className="panel" aria-label={t('checkIn.stateLabel')}>
        {stateText(data, now)} {data.state !== 'off' && missingText(data)}{' '}
        {t('checkIn.countAside', { checkedIn: data.counts.checkedIn, total: data.counts.total })}
      </p>
      {myTeam && <CheckInButton teamId={myTeam.id} />}
      <section className="panel table-wrap" aria-label={t('checkIn.table.label')}>
        <table>
          <thead>
            <tr>
              <th>{t('checkIn.table.team')}</th>
              <th>{t('checkIn.table.checkedIn')}</th>
            </tr>
          </thead>
          <tbody>
            {data.teams.map((row) => (
              <tr key={row.teamId}>
                <td>{row.name}</td>
                <td>
                  {row.checkedIn
                    ? t('checkIn.yesAt', { time: formatTime(row.checkedInAt!) })
                    : t('checkIn.no')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </main>
  );
}
