import { useT } from '../../i18n/index.js';
import { useFieldProblems } from './FieldProblems.js';
import type { Draft } from './draft.js';

/**
 * The grand-final map advantage (API.md decision 78): offered where a double elimination plays its grand
 * final once (mode `simple`); the API says why it refuses anything else, next to the box.
 */
export function MapAdvantageCheck({
  draft,
  disabled,
  onChange,
}: {
  draft: Draft;
  disabled: boolean;
  onChange(grandFinalMapAdvantage: boolean): void;
}) {
  const t = useT();
  const problems = useFieldProblems('settings.grandFinalMapAdvantage');
  const playoffs = draft.type === 'groups_playoffs' ? draft.stages?.[1] : undefined;
  const doubleElimination = draft.type === 'double_elimination' || playoffs?.type === 'double_elimination';
  const mode = playoffs ? (playoffs.grandFinalMode ?? 'simple') : draft.settings.grandFinalMode;
  const checked = draft.settings.grandFinalMapAdvantage === true;
  // A box already ticked stays visible when the bracket changes under it, so its refusal can be read and undone.
  if (!checked && (!doubleElimination || mode !== 'simple')) {
    return null;
  }
  return (
    <>
      <label className="check">
        <input
          type="checkbox"
          checked={checked}
          disabled={disabled}
          onChange={(e) => onChange(e.target.checked)}
          {...problems.fieldProps}
        />
        {t('tournament.rules.grandFinalMapAdvantage')}
      </label>
      {problems.messages}
    </>
  );
}
