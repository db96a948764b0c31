import { VETO_POOL_SIZE } from '../../../../shared/domain/tournament-rules.js';
import type { GameMap, MapPool } from '../../api/admin.js';

interface Props {
  maps: GameMap[];
  pools: MapPool[];
  selected: string[];
  veto: boolean;
  disabled: boolean;
  onChange(mapIds: string[]): void;
}

/** The tournament's map pool: enabled maps to tick, or a saved pool to copy; a veto needs exactly 7. */
export function MapPoolPicker({ maps, pools, selected, veto, disabled, onChange }: Props) {
  const count = selected.length;
  const ok = !veto || count === VETO_POOL_SIZE;
  const shown = maps.filter((m) => m.enabled || selected.includes(m.id));
  return (
    <fieldset disabled={disabled}>
      <legend>Map pool</legend>
      <p className={ok ? 'ok-text' : 'warn-text'} role="status" aria-label="Map pool count">
        {count} of {veto ? VETO_POOL_SIZE : 'any number of'} maps selected
        {veto && !ok && ` – a veto needs exactly ${VETO_POOL_SIZE}`}
      </p>
      {pools.length > 0 && (
        <div className="actions" style={{ marginTop: 0, marginBottom: '0.5rem' }}>
          {pools.map((pool) => (
            <button key={pool.id} type="button" onClick={() => onChange([...pool.mapIds])}>
              Use pool “{pool.name}” ({pool.mapIds.length})
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
