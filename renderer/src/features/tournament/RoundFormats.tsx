import { useId } from 'react';
import type { MatchFormat } from '../../../../shared/contracts/matches.js';
import {
  bracketRoundKeys,
  eliminationShape,
  type EliminationType,
  type FormatOverride,
  type RoundOverrides,
} from '../../../../shared/domain/stage-formats.js';
import type { GameMap, MapPool } from '../../api/admin.js';
import { useT } from '../../i18n/index.js';
import { FormatSelect } from './FormatSelect.js';
import { useFieldProblems } from './FieldProblems.js';
import { roundLabel } from './labels.js';
import { PoolChoice } from './PoolChoice.js';

/** What a round without an override plays: named for the choices, and the pool a custom one starts from. */
export interface Inherited {
  format: MatchFormat;
  mapPool: string[];
}

interface Props {
  type: EliminationType;
  /** Entrants of the bracket, for the rounds it will have. */
  teamCount: number;
  thirdPlace: boolean;
  grandFinal: boolean;
  rounds: RoundOverrides | undefined;
  inherited: Inherited;
  /** `settings.rounds` or `stages.1.rounds`, for the API's problems. */
  path: string;
  maps: GameMap[];
  pools: MapPool[];
  veto: boolean;
  disabled: boolean;
  onChange(rounds: Record<string, FormatOverride>): void;
}

const isNumbered = (key: string) => /R\d+$/.test(key);

/**
 * Per-round best-of and pool of an elimination bracket (API.md decision 31): one row per overridden
 * round; the round keys are the bracket's own (shared/domain/stage-formats.ts), named rounds first.
 */
export function RoundFormats(props: Props) {
  const { type, teamCount, thirdPlace, grandFinal, rounds = {}, disabled, onChange } = props;
  const t = useT();
  const shape = eliminationShape(type, teamCount, { thirdPlace, grandFinal });
  const keys = [...bracketRoundKeys(type, shape)].sort(
    (a, b) => Number(isNumbered(a)) - Number(isNumbered(b)),
  );
  const entries = Object.entries(rounds);
  const unused = keys.filter((k) => !(k in rounds));
  const replace = (at: number, key: string, override: FormatOverride) =>
    onChange(Object.fromEntries(entries.map((entry, i) => (i === at ? [key, override] : entry))));

  return (
    <fieldset disabled={disabled}>
      <legend>{t('tournament.rounds.legend')}</legend>
      <p className="muted">{t('tournament.rounds.hint')}</p>
      {entries.map(([key, override], i) => (
        <RoundRow
          key={key}
          index={i}
          roundKey={key}
          override={override}
          choices={[key, ...unused]}
          {...props}
          onReplace={(nextKey, next) => replace(i, nextKey, next)}
          onRemove={() => onChange(Object.fromEntries(entries.filter((_, j) => j !== i)))}
        />
      ))}
      {unused.length > 0 && (
        <div className="actions">
          <button type="button" onClick={() => onChange({ ...rounds, [unused[0]!]: {} })}>
            {t('tournament.rounds.add')}
          </button>
        </div>
      )}
    </fieldset>
  );
}

function RoundRow(
  props: Props & {
    index: number;
    roundKey: string;
    override: FormatOverride;
    choices: string[];
    onReplace(key: string, override: FormatOverride): void;
    onRemove(): void;
  },
) {
  const { index, roundKey, override, choices, inherited, path, onReplace, onRemove } = props;
  const t = useT();
  const id = useId();
  const at = `${path}.${roundKey}`;
  // The row shows what names the round itself; its best-of and pool show their own.
  const { fieldProps, messages } = useFieldProblems(at, { exact: true });
  const inheritedPool = t('tournament.pool.inherited', { n: inherited.mapPool.length });
  return (
    <div
      className="round-row"
      role="group"
      aria-label={t('tournament.rounds.row', { n: index + 1 })}
      {...fieldProps}
    >
      <div>
        <label htmlFor={`${id}-round`}>{t('tournament.rounds.round')}</label>
        <select id={`${id}-round`} value={roundKey} onChange={(e) => onReplace(e.target.value, override)}>
          {choices.map((key) => (
            <option key={key} value={key}>
              {roundLabel(key)}
            </option>
          ))}
        </select>
      </div>
      <FormatSelect
        id={`${id}-format`}
        label={t('tournament.rounds.format')}
        value={override.format}
        inherited={t('tournament.format.inherited', { format: inherited.format })}
        path={`${at}.format`}
        onChange={(format) => onReplace(roundKey, { ...override, format })}
      />
      <PoolChoice
        {...props}
        id={`${id}-pool`}
        label={t('tournament.rounds.pool')}
        value={override.mapPool}
        inherited={inheritedPool}
        startFrom={inherited.mapPool}
        path={`${at}.mapPool`}
        onChange={(mapPool) => onReplace(roundKey, { ...override, mapPool })}
      />
      <div>
        <label aria-hidden="true">&nbsp;</label>
        <button
          type="button"
          aria-label={t('tournament.rounds.remove', { round: roundLabel(roundKey) })}
          onClick={onRemove}
        >
          ✕
        </button>
      </div>
      {messages}
    </div>
  );
}
