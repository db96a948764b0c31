import type { NoShowAction, TournamentSettings } from '../../../../shared/contracts/tournament.js';
import { DEFAULT_JOIN_MINUTES, DEFAULT_NO_SHOW_ACTION } from '../../../../shared/domain/join-clock.js';
import { useT } from '../../i18n/index.js';
import { NumberField } from './NumberField.js';

type JoinClock = Pick<TournamentSettings, 'joinMinutes' | 'noShowAction'>;

/** The tournament editor's join clock (API.md decision 59): minutes to join, and what a no-show does. */
export function JoinClockFields({
  formId,
  value,
  disabled,
  onChange,
}: {
  formId: string;
  value: JoinClock;
  disabled: boolean;
  onChange(next: JoinClock): void;
}) {
  const t = useT();
  return (
    <fieldset disabled={disabled}>
      <legend>{t('tournament.joinClock.legend')}</legend>
      <NumberField
        id={`${formId}-join-minutes`}
        label={t('tournament.joinClock.minutes')}
        value={value.joinMinutes}
        min={0}
        max={240}
        placeholder={String(DEFAULT_JOIN_MINUTES)}
        path="settings.joinMinutes"
        onChange={(joinMinutes) => onChange({ ...value, joinMinutes })}
      />
      <label>
        {t('tournament.joinClock.action')}{' '}
        <select
          value={value.noShowAction ?? DEFAULT_NO_SHOW_ACTION}
          onChange={(e) => onChange({ ...value, noShowAction: e.target.value as NoShowAction })}
        >
          <option value="admin">{t('tournament.joinClock.admin')}</option>
          <option value="walkover">{t('tournament.joinClock.walkover')}</option>
        </select>
      </label>
    </fieldset>
  );
}
