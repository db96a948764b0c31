import { useState } from 'react';
import { endpoints } from '../../api/endpoints.js';
import { useCheckIn } from '../../hooks/public-data.js';
import { toast } from '../../stores/toasts.js';
import { errorText } from '../../i18n/error-text.js';
import { useT } from '../../i18n/index.js';

/** A signed-in player's "Check in" for their team of the tournament, while check-in is open. */
export function CheckInButton({ teamId }: { teamId: string }) {
  const { data, refresh } = useCheckIn();
  const [busy, setBusy] = useState(false);
  const t = useT();
  const row = data?.teams.find((t) => t.teamId === teamId);
  if (!data || data.state !== 'open' || !row) {
    return null;
  }
  if (row.checkedIn) {
    return <p className="muted">{t('checkIn.teamCheckedIn')}</p>;
  }
  async function checkIn() {
    setBusy(true);
    try {
      const { team } = await endpoints.checkInTeam(teamId);
      toast('success', t('checkIn.checkedInToast', { team: team.name }));
      void refresh();
    } catch (err) {
      toast('error', errorText(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <button type="button" disabled={busy} onClick={() => void checkIn()}>
      {t('checkIn.checkIn')}
    </button>
  );
}
