import { useId } from 'react';
import {
  GRAND_FINAL_MODES,
  GROUP_TYPES,
  PLAYOFF_STARTS,
  PLAYOFF_TYPES,
  type GroupsStageInput,
  type PlayoffsStageInput,
  type StagesInput,
} from '../../../../shared/contracts/tournament.js';
import { defaultGroupSwissRounds, groupSizes } from '../../../../shared/domain/group-stage.js';
import type { GameMap, MapPool } from '../../api/admin.js';
import { useT } from '../../i18n/index.js';
import type { Draft } from './draft.js';
import { FormatSelect } from './FormatSelect.js';
import { NumberField } from './NumberField.js';
import { SwissRecordFields } from './SwissRecordFields.js';
import { PoolChoice } from './PoolChoice.js';
import { RoundFormats } from './RoundFormats.js';

interface Props {
  draft: Draft;
  stages: StagesInput;
  maps: GameMap[];
  pools: MapPool[];
  disabled: boolean;
  onChange(stages: StagesInput): void;
}

/** A `groups_playoffs` tournament's two stages (API.md decision 24) as the API's `stages` body takes them. */
export function StagesEditor({ draft, stages, maps, pools, disabled, onChange }: Props) {
  const t = useT();
  const id = useId();
  const [groups, playoffs] = stages;
  const setGroups = (patch: Partial<GroupsStageInput>) => onChange([{ ...groups, ...patch }, playoffs]);
  const setPlayoffs = (patch: Partial<PlayoffsStageInput>) => onChange([groups, { ...playoffs, ...patch }]);
  const teamCount = draft.teamIds.length;
  // What is typed may be no valid count yet (the API says so at the field); the hints use a whole one.
  const groupCount = Math.max(1, Math.floor(groups.groupCount) || 1);
  const sizes = [...new Set(groupSizes(teamCount, groupCount))].sort((a, b) => b - a);
  const advancing = groupCount * groups.advancePerGroup;
  const veto = draft.settings.veto;
  const tournamentFormat = t('tournament.format.inherited', { format: draft.format });
  const tournamentPool = t('tournament.pool.inherited', { n: draft.settings.mapPool.length });
  /** A stage's best-of and map pool, each "Default" until set (then the stage's own). */
  const stageFormat = (
    kind: 'groups' | 'playoffs',
    set: (patch: Pick<GroupsStageInput, 'format' | 'mapPool'>) => void,
  ) => {
    const index = kind === 'groups' ? 0 : 1;
    const stage = stages[index];
    return (
      <>
        <FormatSelect
          id={`${id}-${kind}-format`}
          label={t('tournament.stages.format')}
          value={stage.format}
          inherited={tournamentFormat}
          path={`stages.${index}.format`}
          onChange={(format) => set({ format })}
        />
        <PoolChoice
          id={`${id}-${kind}-pool`}
          label={t(`tournament.stages.${kind}.pool`)}
          value={stage.mapPool}
          inherited={tournamentPool}
          startFrom={draft.settings.mapPool}
          maps={maps}
          pools={pools}
          veto={veto}
          disabled={disabled}
          path={`stages.${index}.mapPool`}
          onChange={(mapPool) => set({ mapPool })}
        />
      </>
    );
  };

  return (
    <>
      <fieldset disabled={disabled}>
        <legend>{t('tournament.stages.groups.legend')}</legend>
        <p className="muted" role="status" aria-label={t('tournament.stages.groups.summaryLabel')}>
          {teamCount >= 2 * groupCount
            ? t('tournament.stages.groups.summary', {
                teams: teamCount,
                groups: groupCount,
                sizes: sizes.join('/'),
                advancing,
              })
            : t('tournament.stages.groups.tooFewTeams', { teams: teamCount })}
        </p>
        <div className="fields">
          <div>
            <label htmlFor={`${id}-groups-type`}>{t('tournament.stages.groups.type')}</label>
            <select
              id={`${id}-groups-type`}
              value={groups.type}
              onChange={(e) => setGroups({ type: e.target.value as GroupsStageInput['type'] })}
            >
              {GROUP_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`tournament.stages.groups.types.${type}`)}
                </option>
              ))}
            </select>
          </div>
          <NumberField
            id={`${id}-group-count`}
            label={t('tournament.stages.groups.count')}
            value={groups.groupCount}
            min={1}
            max={16}
            path="stages.0.groupCount"
            onChange={(count) => setGroups({ groupCount: count ?? 0 })}
          />
          <NumberField
            id={`${id}-advance`}
            label={t('tournament.stages.groups.advance')}
            value={groups.advancePerGroup}
            min={1}
            max={64}
            path="stages.0.advancePerGroup"
            onChange={(advancePerGroup) => setGroups({ advancePerGroup: advancePerGroup ?? 0 })}
          />
          {groups.type === 'swiss' && groups.advanceAt == null && (
            <NumberField
              id={`${id}-swiss`}
              label={t('tournament.stages.groups.swissRounds')}
              value={groups.swissRounds}
              min={1}
              max={20}
              placeholder={t('tournament.stages.groups.swissRoundsAuto', {
                n: defaultGroupSwissRounds(teamCount, groupCount),
              })}
              path="stages.0.swissRounds"
              onChange={(swissRounds) => setGroups({ swissRounds })}
            />
          )}
          {stageFormat('groups', setGroups)}
        </div>
        {groups.type === 'swiss' && (
          <SwissRecordFields id={`${id}-swiss-record`} value={groups} path="stages.0" onChange={setGroups} />
        )}
      </fieldset>
      <fieldset disabled={disabled}>
        <legend>{t('tournament.stages.playoffs.legend')}</legend>
        <div className="fields">
          <div>
            <label htmlFor={`${id}-playoffs-type`}>{t('tournament.stages.playoffs.type')}</label>
            <select
              id={`${id}-playoffs-type`}
              value={playoffs.type}
              onChange={(e) =>
                // The round keys differ between the two types: the overrides go with the type.
                setPlayoffs({ type: e.target.value as PlayoffsStageInput['type'], rounds: {} })
              }
            >
              {PLAYOFF_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`tournament.type.${type}`)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-start`}>{t('tournament.stages.playoffs.start')}</label>
            <select
              id={`${id}-start`}
              value={playoffs.start ?? 'auto'}
              onChange={(e) => setPlayoffs({ start: e.target.value as PlayoffsStageInput['start'] })}
            >
              {PLAYOFF_STARTS.map((start) => (
                <option key={start} value={start}>
                  {t(`tournament.stages.playoffs.starts.${start}`)}
                </option>
              ))}
            </select>
          </div>
          {stageFormat('playoffs', setPlayoffs)}
          {playoffs.type === 'double_elimination' && (
            <div>
              <label htmlFor={`${id}-gf`}>{t('tournament.rules.grandFinal')}</label>
              <select
                id={`${id}-gf`}
                value={playoffs.grandFinalMode ?? 'simple'}
                onChange={(e) =>
                  setPlayoffs({ grandFinalMode: e.target.value as PlayoffsStageInput['grandFinalMode'] })
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
        </div>
        {playoffs.type === 'single_elimination' && (
          <label className="check">
            <input
              type="checkbox"
              checked={playoffs.thirdPlaceMatch ?? false}
              onChange={(e) => setPlayoffs({ thirdPlaceMatch: e.target.checked })}
            />
            {t('tournament.rules.thirdPlace')}
          </label>
        )}
      </fieldset>
      <RoundFormats
        type={playoffs.type}
        teamCount={advancing}
        thirdPlace={playoffs.thirdPlaceMatch ?? false}
        grandFinal={(playoffs.grandFinalMode ?? 'simple') !== 'none'}
        rounds={playoffs.rounds}
        inherited={{
          format: playoffs.format ?? draft.format,
          mapPool: playoffs.mapPool ?? draft.settings.mapPool,
        }}
        path="stages.1.rounds"
        maps={maps}
        pools={pools}
        veto={veto}
        disabled={disabled}
        onChange={(rounds) => setPlayoffs({ rounds })}
      />
    </>
  );
}
