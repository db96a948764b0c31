import type { MatchFormat } from '../../../../shared/contracts/matches.js';
import { VETO_STARTERS, type VetoStarter } from '../../../../shared/contracts/tournament.js';
import { useT } from '../../i18n/index.js';
import { FormatSelect } from './FormatSelect.js';
import { NumberField } from './NumberField.js';

/** A Swiss's Valve-style settings (decision 77); null thresholds are fixed rounds. */
export interface SwissRecordSettings {
  advanceAt?: number | null;
  eliminateAt?: number | null;
  deciderFormat?: MatchFormat | null;
}

/**
 * "Advance and eliminate by record": off plays fixed rounds; on asks for the wins to advance, the
 * losses to go out (3 and 3, as at a Major) and the best-of of the deciding matches.
 */
export function SwissRecordFields({
  id,
  value,
  path,
  onChange,
}: {
  id: string;
  value: SwissRecordSettings;
  /** `settings` or `stages.0`, for the API's problems. */
  path: string;
  onChange(patch: SwissRecordSettings): void;
}) {
  const t = useT();
  const on = value.advanceAt != null;
  return (
    <div className="swiss-record-fields">
      <label className="check">
        <input
          type="checkbox"
          checked={on}
          onChange={(e) =>
            onChange(
              e.target.checked
                ? { advanceAt: 3, eliminateAt: 3, deciderFormat: 'bo3' }
                : { advanceAt: null, eliminateAt: null, deciderFormat: null },
            )
          }
        />
        {t('tournament.swiss.byRecord')}
      </label>
      {on && (
        <div className="fields">
          <NumberField
            id={`${id}-advance-at`}
            label={t('tournament.swiss.advanceAt')}
            value={value.advanceAt ?? undefined}
            min={1}
            max={10}
            path={`${path}.advanceAt`}
            onChange={(advanceAt) => onChange({ advanceAt: advanceAt ?? null })}
          />
          <NumberField
            id={`${id}-eliminate-at`}
            label={t('tournament.swiss.eliminateAt')}
            value={value.eliminateAt ?? undefined}
            min={1}
            max={10}
            path={`${path}.eliminateAt`}
            onChange={(eliminateAt) => onChange({ eliminateAt: eliminateAt ?? null })}
          />
          <FormatSelect
            id={`${id}-decider`}
            label={t('tournament.swiss.deciderFormat')}
            value={value.deciderFormat ?? undefined}
            inherited={t('tournament.swiss.deciderSame')}
            path={`${path}.deciderFormat`}
            onChange={(deciderFormat) => onChange({ deciderFormat: deciderFormat ?? null })}
          />
        </div>
      )}
    </div>
  );
}

/** Who bans first in a veto (decision 78). */
export function VetoStarterSelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: VetoStarter | undefined;
  onChange(value: VetoStarter): void;
}) {
  const t = useT();
  return (
    <div>
      <label htmlFor={id}>{t('tournament.vetoStarter.label')}</label>
      <select id={id} value={value ?? 'team1'} onChange={(e) => onChange(e.target.value as VetoStarter)}>
        {VETO_STARTERS.map((rule) => (
          <option key={rule} value={rule}>
            {t(`tournament.vetoStarter.${rule}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
