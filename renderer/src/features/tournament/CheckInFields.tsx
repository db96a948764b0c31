import type { CheckInSettings } from '../../../../shared/contracts/tournament.js';
import { useT } from '../../i18n/index.js';
import { fromLocal, toLocal } from './local-time.js';

/** The tournament editor's check-in settings (API.md decision 33). */
export function CheckInFields({
  value,
  disabled,
  onChange,
}: {
  value: CheckInSettings;
  disabled: boolean;
  onChange(next: CheckInSettings): void;
}) {
  const t = useT();
  const set = (patch: Partial<CheckInSettings>) => onChange({ ...value, ...patch });
  return (
    <fieldset disabled={disabled}>
      <legend>{t('tournament.checkIn.legend')}</legend>
      <label className="check">
        <input
          type="checkbox"
          checked={value.required}
          onChange={(e) => set({ required: e.target.checked })}
        />
        {t('tournament.checkIn.required')}
      </label>
      {value.required && (
        <>
          <label>
            {t('tournament.checkIn.opens')}{' '}
            <input
              type="datetime-local"
              value={toLocal(value.opensAt)}
              onChange={(e) => set({ opensAt: fromLocal(e.target.value) })}
            />
          </label>
          <label>
            {t('tournament.checkIn.deadline')}{' '}
            <input
              type="datetime-local"
              value={toLocal(value.deadline)}
              onChange={(e) => set({ deadline: fromLocal(e.target.value) })}
            />
          </label>
          <label>
            {t('tournament.checkIn.missing')}{' '}
            <select
              value={value.missing}
              onChange={(e) => set({ missing: e.target.value as CheckInSettings['missing'] })}
            >
              <option value="drop">{t('tournament.checkIn.drop')}</option>
              <option value="forfeit">{t('tournament.checkIn.forfeit')}</option>
            </select>
          </label>
        </>
      )}
    </fieldset>
  );
}
