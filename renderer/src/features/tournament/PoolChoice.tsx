import { useState } from 'react';
import type { GameMap, MapPool } from '../../api/admin.js';
import { useT } from '../../i18n/index.js';
import { useFieldProblems } from './FieldProblems.js';
import { MapPoolPicker } from './MapPoolPicker.js';

interface Props {
  id: string;
  label: string;
  /** undefined: the pool it would inherit, named by `inherited`. */
  value: string[] | undefined;
  inherited: string;
  /** What a custom pool starts from: the pool it inherits. */
  startFrom: string[];
  maps: GameMap[];
  pools: MapPool[];
  veto: boolean;
  disabled: boolean;
  /** The API path of the pool, for its problems. */
  path: string;
  onChange(mapIds: string[] | undefined): void;
}

const sameMaps = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

/** A stage's or round's map pool: the inherited one, a saved pool, or maps picked one by one. */
export function PoolChoice(props: Props) {
  const { id, label, value, inherited, startFrom, maps, pools, veto, disabled, path, onChange } = props;
  const t = useT();
  const { fieldProps, messages } = useFieldProblems(path);
  const [picking, setPicking] = useState(false);
  const saved = value && pools.find((p) => sameMaps(p.mapIds, value));
  const choice = value === undefined ? '' : picking || !saved ? 'custom' : `pool:${saved.id}`;
  return (
    <div>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={choice}
        disabled={disabled}
        onChange={(e) => {
          const next = e.target.value;
          setPicking(next === 'custom');
          if (next === '') {
            onChange(undefined);
          } else if (next === 'custom') {
            onChange([...(value ?? startFrom)]);
          } else {
            onChange([...(pools.find((p) => `pool:${p.id}` === next)?.mapIds ?? [])]);
          }
        }}
        {...fieldProps}
      >
        <option value="">{inherited}</option>
        {pools.map((pool) => (
          <option key={pool.id} value={`pool:${pool.id}`}>
            {t('tournament.pool.saved', { name: pool.name, n: pool.mapIds.length })}
          </option>
        ))}
        <option value="custom">{t('tournament.pool.custom')}</option>
      </select>
      {messages}
      {choice === 'custom' && value && (
        <MapPoolPicker
          maps={maps}
          pools={[]}
          selected={value}
          veto={veto}
          disabled={disabled}
          legend={label}
          onChange={onChange}
        />
      )}
    </div>
  );
}
