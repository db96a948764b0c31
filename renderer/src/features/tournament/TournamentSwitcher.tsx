import { useState } from 'react';
import { admin } from '../../api/admin.js';
import { errorText } from '../../i18n/error-text.js';
import { useTournaments } from '../../hooks/public-data.js';
import { useT } from '../../i18n/index.js';
import { toast } from '../../stores/toasts.js';

/**
 * Which tournament the console manages: the primary (API.md decision 73). Choosing another makes it
 * the primary; "New tournament" adds one beside the others and manages it.
 */
export function TournamentSwitcher({ onSwitched }: { onSwitched: () => void }) {
  const t = useT();
  const { data, refresh } = useTournaments();
  const [busy, setBusy] = useState(false);
  const primary = data?.find((item) => item.primary);

  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
      await refresh();
      onSwitched();
    } catch (err) {
      toast('error', errorText(err));
    } finally {
      setBusy(false);
    }
  };
  const switchTo = (id: number) => run(() => admin.makePrimary(id));
  const createAnother = () =>
    run(async () => {
      const { tournament } = await admin.createAlongside({
        name: t('tournament.switcher.newName', { number: (data?.length ?? 0) + 1 }),
        type: 'single_elimination',
      });
      await admin.makePrimary(tournament.id);
    });

  if (!data || data.length === 0) {
    return null;
  }
  return (
    <div className="tournament-switcher">
      <label>
        {t('tournament.switcher.label')}{' '}
        <select
          value={primary?.id ?? ''}
          disabled={busy}
          onChange={(event) => void switchTo(Number(event.target.value))}
        >
          {data.map((item) => (
            <option key={item.id} value={item.id}>
              {item.name}
            </option>
          ))}
        </select>
      </label>
      <button type="button" className="button" disabled={busy} onClick={() => void createAnother()}>
        {t('tournament.switcher.create')}
      </button>
    </div>
  );
}
