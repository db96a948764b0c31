import { useState } from 'react';
import { endpoints } from '../../api/endpoints.js';
import { CheckInWaiting } from './CheckInWaiting.js';
import { useCheckIn } from '../../hooks/public-data.js';
import { useNow } from '../../hooks/use-now.js';
import { toast } from '../../stores/toasts.js';
import { missingText, stateText } from './check-in-text.js';
import { errorText } from '../../i18n/error-text.js';
import { formatDateTime } from '../../i18n/format.js';
import { useT } from '../../i18n/index.js';

/** `/admin/check-in`: every team, check in or undo for it, and what the start will do to the missing. */
export function AdminCheckInPage() {
  const { data, error, refresh } = useCheckIn();
  const [busy, setBusy] = useState<string | null>(null);
  const now = useNow();
  const t = useT();
  if (!data) {
    return <CheckInWaiting noTournament={data === null} error={error} forAdmin={true} />;
  }
  async function toggle(teamId: string, checkedIn: boolean) {
    setBusy(teamId);
    try {
      await (checkedIn ? endpoints.undoCheckIn(teamId) : endpoints.checkInTeam(teamId));
      void refresh();
    } catch (err) {
      toast('error', errorText(err));
    } finally {
      setBusy(null);
    }
  }
  const missing = data.teams.filter((row) => !row.checkedIn);
  return (
    <main className="page">
      <div className="page-head">
        <h1>{t('checkIn.title')}</h1>
      </div>
      <p className="panel">
        {stateText(data, now)}{' '}
        {t('checkIn.count', { checkedIn: data.counts.checkedIn, total: data.counts.total })}
      </p>
      {data.state !== 'off' && missing.length > 0 && (
        <p className="panel banner-warning">
          {missingText(data)}{' '}
          {t('checkIn.notCheckedIn', { teams: missing.map((row) => row.name).join(', ') })}
        </p>
      )}
      <section className="panel table-wrap" aria-label={t('checkIn.table.label')}>
        <table>
          <thead>
            <tr>
              <th>{t('checkIn.table.team')}</th>
              <th>{t('checkIn.table.checkedIn')}</th>
              <th>{t('checkIn.table.by')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {data.teams.map((row) => (
              <tr key={row.teamId}>
                <td>{row.name}</td>
                <td>{row.checkedIn ? formatDateTime(row.checkedInAt!) : t('checkIn.no')}</td>
                <td>{row.by ?? ''}</td>
                <td>
                  <button
                    type="button"
                    disabled={data.state === 'off' || busy === row.teamId}
                    onClick={() => void toggle(row.teamId, row.checkedIn)}
                  >
                    {row.checkedIn ? t('checkIn.undo') : t('checkIn.checkIn')}
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
