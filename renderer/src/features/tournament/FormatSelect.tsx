import { MATCH_FORMATS, type MatchFormat } from '../../../../shared/contracts/matches.js';
import { useT } from '../../i18n/index.js';
import { useFieldProblems } from './FieldProblems.js';

interface Props {
  id: string;
  label: string;
  /** undefined: the format it would inherit, named by `inherited`. */
  value: MatchFormat | undefined;
  inherited?: string;
  disabled?: boolean;
  /** The API path of the field, for its problems. */
  path: string;
  onChange(format: MatchFormat | undefined): void;
}

/** A best-of choice; with `inherited`, also "the default" (no override). */
export function FormatSelect({ id, label, value, inherited, disabled, path, onChange }: Props) {
  const t = useT();
  const { fieldProps, messages } = useFieldProblems(path);
  return (
    <div>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value ?? ''}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value === '' ? undefined : (e.target.value as MatchFormat))}
        {...fieldProps}
      >
        {inherited !== undefined && <option value="">{inherited}</option>}
        {MATCH_FORMATS.map((f) => (
          <option key={f} value={f}>
            {t('tournament.format.option', { n: f.slice(2), format: f })}
          </option>
        ))}
      </select>
      {messages}
    </div>
  );
}
