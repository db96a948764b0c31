import { OVERTIME_MODES } from '../../../../shared/contracts/matches.js';
import { GRAND_FINAL_MODES, TOURNAMENT_TYPES } from '../../../../shared/contracts/tournament.js';
import type { TournamentField } from '../../../../shared/domain/tournament-rules.js';
import { useT } from '../../i18n/index.js';
import { withType, type Draft } from './draft.js';
import { FormatSelect } from './FormatSelect.js';
import { NumberField } from './NumberField.js';
import { useFieldProblems } from './FieldProblems.js';
import { MapAdvantageCheck } from './MapAdvantageCheck.js';
import { SwissRecordFields, VetoStarterSelect } from './SwissRecordFields.js';

interface Props {
  formId: string;
  draft: Draft;
  /** Whether the tournament's status lets the API change the field (PUT rules, decision 25). */
  canEdit(field: TournamentField): boolean;
  onChange(draft: Draft): void;
}

/** The tournament's name, type, best-of and match rules. */
export function RulesFields({ formId, draft, canEdit, onChange }: Props) {
  const t = useT();
  const name = useFieldProblems('name');
  const settingsEditable = canEdit('settings');
  const setSettings = (patch: Partial<Draft['settings']>) =>
    onChange({ ...draft, settings: { ...draft.settings, ...patch } });
  return (
    <fieldset>
      <legend>{t('tournament.rules.legend')}</legend>
      <div className="fields">
        <div>
          <label htmlFor={`${formId}-name`}>{t('tournament.rules.name')}</label>
          <input
            id={`${formId}-name`}
            value={draft.name}
            disabled={!canEdit('name')}
            onChange={(e) => onChange({ ...draft, name: e.target.value })}
            {...name.fieldProps}
          />
          {name.messages}
        </div>
        <div>
          <label htmlFor={`${formId}-type`}>{t('tournament.rules.type')}</label>
          <select
            id={`${formId}-type`}
            value={draft.type}
            disabled={!canEdit('type')}
            onChange={(e) => onChange(withType(draft, e.target.value as Draft['type']))}
          >
            {TOURNAMENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`tournament.type.${type}`)}
              </option>
            ))}
          </select>
        </div>
        <FormatSelect
          id={`${formId}-format`}
          label={t('tournament.rules.format')}
          value={draft.format}
          disabled={!canEdit('format')}
          path="format"
          onChange={(format) => onChange({ ...draft, format: format ?? draft.format })}
        />
      </div>
      <fieldset disabled={!settingsEditable} className="plain">
        <div className="fields">
          <NumberField
            id={`${formId}-rounds`}
            label={t('tournament.rules.maxRounds')}
            value={draft.settings.maxRounds}
            min={2}
            max={60}
            path="settings.maxRounds"
            onChange={(maxRounds) => setSettings({ maxRounds: maxRounds ?? 0 })}
          />
          <div>
            <label htmlFor={`${formId}-overtime`}>{t('tournament.rules.overtime')}</label>
            <select
              id={`${formId}-overtime`}
              value={draft.settings.overtimeMode}
              onChange={(e) =>
                setSettings({ overtimeMode: e.target.value as Draft['settings']['overtimeMode'] })
              }
            >
              {OVERTIME_MODES.map((mode) => (
                <option key={mode} value={mode}>
                  {t(`tournament.overtime.${mode}`)}
                </option>
              ))}
            </select>
          </div>
          <NumberField
            id={`${formId}-team-size`}
            label={t('tournament.rules.teamSize')}
            value={draft.settings.teamSize ?? 5}
            min={1}
            max={10}
            path="settings.teamSize"
            onChange={(teamSize) => setSettings({ teamSize: teamSize ?? 0 })}
          />
          {draft.type === 'double_elimination' && (
            <div>
              <label htmlFor={`${formId}-gf`}>{t('tournament.rules.grandFinal')}</label>
              <select
                id={`${formId}-gf`}
                value={draft.settings.grandFinalMode}
                onChange={(e) =>
                  setSettings({ grandFinalMode: e.target.value as Draft['settings']['grandFinalMode'] })
                }
              >
                {GRAND_FINAL_MODES.map((mode) => (
                  <option key={mode} value={mode}>
                    {t(`tournament.grandFinal.${mode}`)}
                  </option>
                ))}
              </select>
            </div>
          )}
          {draft.type === 'swiss' && draft.settings.advanceAt == null && (
            <NumberField
              id={`${formId}-swiss`}
              label={t('tournament.rules.swissRounds')}
              value={draft.settings.swissRounds ?? 5}
              min={1}
              max={20}
              path="settings.swissRounds"
              onChange={(swissRounds) => setSettings({ swissRounds: swissRounds ?? 0 })}
            />
          )}
        </div>
        {draft.type === 'swiss' && (
          <SwissRecordFields
            id={`${formId}-swiss-record`}
            value={draft.settings}
            path="settings"
            onChange={setSettings}
          />
        )}
        <label className="check">
          <input
            type="checkbox"
            checked={draft.settings.veto}
            onChange={(e) => setSettings({ veto: e.target.checked })}
          />
          {t('tournament.rules.veto')}
        </label>
        {draft.settings.veto && (
          <div className="fields">
            <VetoStarterSelect
              id={`${formId}-veto-starter`}
              value={draft.settings.vetoStarter}
              onChange={(vetoStarter) => setSettings({ vetoStarter })}
            />
          </div>
        )}
        <MapAdvantageCheck
          draft={draft}
          disabled={!settingsEditable}
          onChange={(grandFinalMapAdvantage) => setSettings({ grandFinalMapAdvantage })}
        />
        {draft.type === 'single_elimination' && (
          <label className="check">
            <input
              type="checkbox"
              checked={draft.settings.thirdPlaceMatch}
              onChange={(e) => setSettings({ thirdPlaceMatch: e.target.checked })}
            />
            {t('tournament.rules.thirdPlace')}
          </label>
        )}
      </fieldset>
    </fieldset>
  );
}
