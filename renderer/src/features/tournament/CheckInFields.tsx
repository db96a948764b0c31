import type { CheckInSettings } from '../../../../shared/contracts/tournament.js';

/** A unix time as a datetime-local value (local time), or '' for none. */
const toLocal = (at: number | null) => {
  if (at === null) {
    return '';
  }
  const d = new Date(at * 1000);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocal = (value: string) => (value === '' ? null : Math.floor(new Date(value).getTime() / 1000));

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
  const set = (patch: Partial<CheckInSettings>) => onChange({ ...value, ...patch });
  return (
    <fieldset disabled={disabled}>
      <legend>Check-in</legend>
      <label className="check">
        <input
          type="checkbox"
          checked={value.required}
          onChange={(e) => set({ required: e.target.checked })}
        />
        Teams must check in before the start
      </label>
      {value.required && (
        <>
          <label>
            Opens{' '}
            <input
              type="datetime-local"
              value={toLocal(value.opensAt)}
              onChange={(e) => set({ opensAt: fromLocal(e.target.value) })}
            />
          </label>
          <label>
            Deadline{' '}
            <input
              type="datetime-local"
              value={toLocal(value.deadline)}
              onChange={(e) => set({ deadline: fromLocal(e.target.value) })}
            />
          </label>
          <label>
            Teams not checked in{' '}
            <select
              value={value.missing}
              onChange={(e) => set({ missing: e.target.value as CheckInSettings['missing'] })}
            >
              <option value="drop">are left out of the draw</option>
              <option value="forfeit">lose their first match by forfeit</option>
            </select>
          </label>
        </>
      )}
    </fieldset>
  );
}
