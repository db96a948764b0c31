import { VETO_POOL_SIZE } from '../../../../shared/domain/tournament-rules.js';
import type { GameMap, MapPool } from '../../api/admin.js';
import { useT } from '../../i18n/index.js';
import { useFieldProblems } from './FieldProblems.js';

interface Props {
  maps: GameMap[];
  pools: MapPool[];
  selected: string[];
  veto: boolean;
  disabled: boolean;
  /** The legend; the tournament's own pool when not given. */
  legend?: string;
  /** The API path of the pool, for its problems (none when the field around it shows them). */
  path?: string;
  onChange(mapIds: string[]): void;
}

/** A map pool: enabled maps to tick, or a saved pool to copy; a veto needs exactly 7. */
export function MapPoolPicker({ maps, pools, selected, veto, disabled, legend, path, onChange }: Props) {
  const t = useT();
  const { fieldProps, messages } = useFieldProblems(path);
  const count = selected.length;
  const ok = !veto || count === VETO_POOL_SIZE;
  const shown = maps.filter((m) => m.enabled || selected.includes(m.id));
  return (
    <fieldset disabled={disabled} {...fieldProps}>
      <legend>{legend ?? t('tournament.mapPool.legend')}</legend>
      <p
        className={ok ? 'ok-text' : 'warn-text'}
        role="status"
        aria-label={
          legend ? t('tournament.mapPool.countOf', { pool: legend }) : t('tournament.mapPool.count')
        }
      >
        {veto
          ? t('tournament.mapPool.selectedOfVeto', { n: count, size: VETO_POOL_SIZE })
          : t('tournament.mapPool.selected', { count })}
        {veto && !ok && t('tournament.mapPool.vetoNeeds', { size: VETO_POOL_SIZE })}
      </p>
      {messages}
      {pools.length > 0 && (
        <div className="actions" style={{ marginTop: 0, marginBottom: '0.5rem' }}>
          {pools.map((pool) => (
            <button key={pool.id} type="button" onClick={() => onChange([...pool.mapIds])}>
              {t('tournament.mapPool.usePool', { name: pool.name, n: pool.mapIds.length })}
            </button>
          ))}
        </div>
      )}
      <div className="map-grid">
        {shown.map((map) => (
          <label key={map.id} className="check">
            <input
              type="checkbox"
              checked={selected.includes(map.id)}
              onChange={(e) =>
                onChange(e.target.checked ? [...selected, map.id] : selected.filter((id) => id !== map.id))
              }
            />
            {map.displayName}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
