import { useState, type FormEvent } from 'react';
import { createMapSchema, type CreateMap } from '../../../../shared/contracts/maps.js';
import { mapsFromFile } from '../../../../shared/domain/file-import.js';
import { admin, type GameMap, type MapPool } from '../../api/admin.js';
import { ConfirmButton } from '../../components/ConfirmButton.js';
import { ImportPanel } from '../../components/ImportPanel.js';
import { Spinner } from '../../components/Spinner.js';
import { useAction } from '../../components/use-action.js';
import { useMapsAndPools } from '../../hooks/console-data.js';
import { MapPoolPicker } from '../tournament/MapPoolPicker.js';

/** A new map: from a workshop lookup (when there is internet) or typed in. */
function AddMap({ onSaved, onCancel }: { onSaved(): void; onCancel(): void }) {
  const [lookup, setLookup] = useState('');
  const [lookupError, setLookupError] = useState<string | null>(null);
  const [id, setId] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [workshopId, setWorkshopId] = useState('');
  const [imageUrl, setImageUrl] = useState<string | null>(null);
  const { busy, run } = useAction();

  async function lookUp() {
    setLookupError(null);
    try {
      const { item } = await admin.workshopLookup(lookup);
      setId((current) => current || item.suggestedMapId);
      setDisplayName(item.title);
      setWorkshopId(item.workshopId);
      setImageUrl(item.previewUrl);
    } catch (err) {
      setLookupError(err instanceof Error ? err.message : String(err));
    }
  }
  async function submit(e: FormEvent) {
    e.preventDefault();
    const map = { id, displayName, ...(workshopId ? { workshopId } : {}), ...(imageUrl ? { imageUrl } : {}) };
    if (await run(() => admin.createMap(map), `Map ${displayName} added.`)) {
      onSaved();
    }
  }
  return (
    <form className="panel" aria-label="New map" onSubmit={(e) => void submit(e)}>
      <h2>New map</h2>
      <label htmlFor="workshop-lookup">Workshop item id or page URL</label>
      <div className="actions" style={{ marginTop: 0 }}>
        <input id="workshop-lookup" value={lookup} onChange={(e) => setLookup(e.target.value)} />
        <button type="button" disabled={!lookup.trim()} onClick={() => void lookUp()}>
          Look up workshop item
        </button>
      </div>
      {lookupError && (
        <p className="banner-warning" role="alert">
          {lookupError}
        </p>
      )}
      {imageUrl && <img className="map-preview" src={imageUrl} alt={`Preview of ${displayName}`} />}
      <div className="form-grid">
        <label>
          Map id (as the game names it)
          <input value={id} onChange={(e) => setId(e.target.value)} placeholder="de_cache" required />
        </label>
        <label>
          Display name
          <input value={displayName} onChange={(e) => setDisplayName(e.target.value)} required />
        </label>
        <label>
          Workshop id
          <input value={workshopId} onChange={(e) => setWorkshopId(e.target.value)} />
        </label>
      </div>
      <div className="actions">
        <button type="submit" className="primary" disabled={busy}>
          Add map
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function MapRow({ map, onChanged }: { map: GameMap; onChanged(): void }) {
  const [name, setName] = useState<string | null>(null);
  const { busy, run } = useAction();
  const update = async (patch: { enabled?: boolean; displayName?: string }, done: string) => {
    if (await run(() => admin.updateMap(map.id, patch), done)) {
      setName(null);
      onChanged();
    }
  };
  return (
    <tr aria-label={map.displayName}>
      <td>
        {name === null ? (
          map.displayName
        ) : (
          <input aria-label={`Name of ${map.id}`} value={name} onChange={(e) => setName(e.target.value)} />
        )}
        <div className="muted">{map.id}</div>
      </td>
      <td>
        <label className="check">
          <input
            type="checkbox"
            checked={map.enabled}
            disabled={busy}
            onChange={(e) =>
              void update(
                { enabled: e.target.checked },
                `${map.displayName} ${e.target.checked ? 'enabled' : 'disabled'}.`,
              )
            }
          />
          Enabled
        </label>
      </td>
      <td>
        <div className="actions" style={{ marginTop: 0 }}>
          {name === null ? (
            <button type="button" onClick={() => setName(map.displayName)}>
              Rename
            </button>
          ) : (
            <button
              type="button"
              className="primary"
              onClick={() => void update({ displayName: name }, 'Map renamed.')}
            >
              Save name
            </button>
          )}
          <ConfirmButton
            label="Delete"
            confirmLabel={`Delete ${map.displayName}`}
            busy={busy}
            onConfirm={() =>
              void run(() => admin.deleteMap(map.id), `${map.displayName} deleted.`).then(onChanged)
            }
          />
        </div>
      </td>
    </tr>
  );
}

function PoolForm({
  maps,
  pools,
  pool,
  onSaved,
  onCancel,
}: {
  maps: GameMap[];
  pools: MapPool[];
  pool?: MapPool;
  onSaved(): void;
  onCancel(): void;
}) {
  const [name, setName] = useState(pool?.name ?? '');
  const [mapIds, setMapIds] = useState<string[]>(pool?.mapIds ?? []);
  const { busy, run } = useAction();
  async function submit(e: FormEvent) {
    e.preventDefault();
    const input = { name, mapIds };
    if (
      await run(
        () => (pool ? admin.updatePool(pool.id, input) : admin.createPool(input)),
        `Pool ${name} saved.`,
      )
    ) {
      onSaved();
    }
  }
  return (
    <form
      className="panel"
      aria-label={pool ? `Edit pool ${pool.name}` : 'New pool'}
      onSubmit={(e) => void submit(e)}
    >
      <label>
        Pool name
        <input value={name} onChange={(e) => setName(e.target.value)} required />
      </label>
      <MapPoolPicker
        maps={maps}
        pools={pools}
        selected={mapIds}
        veto={false}
        disabled={busy}
        onChange={setMapIds}
      />
      <div className="actions">
        <button type="submit" className="primary" disabled={busy || mapIds.length === 0}>
          Save pool
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

type Editing = 'closed' | 'new-map' | 'import' | 'new-pool' | MapPool;

/** Maps (enable, rename, add with a workshop lookup, import, delete) and the saved map pools. */
export function MapsPage() {
  const { data, refresh: load } = useMapsAndPools();
  const maps = data?.maps ?? null;
  const pools = data?.pools ?? [];
  const [editing, setEditing] = useState<Editing>('closed');
  const { busy, run } = useAction();
  const close = () => setEditing('closed');
  const saved = () => {
    close();
    void load();
  };

  return (
    <main className="page">
      <h1>Maps and pools</h1>
      {editing === 'closed' && (
        <div className="actions">
          <button type="button" className="primary" onClick={() => setEditing('new-map')}>
            New map
          </button>
          <button type="button" onClick={() => setEditing('import')}>
            Import maps from file
          </button>
          <button type="button" onClick={() => setEditing('new-pool')}>
            New pool
          </button>
        </div>
      )}
      {editing === 'new-map' && <AddMap onSaved={saved} onCancel={close} />}
      {editing === 'import' && (
        <ImportPanel<CreateMap>
          noun="maps"
          help={
            <>
              JSON: an array of <code>{'{ id, displayName, workshopId? }'}</code>. CSV: a header row with{' '}
              <code>id,name,workshop</code>.
            </>
          }
          read={mapsFromFile}
          schema={createMapSchema}
          columns={[
            { header: 'Map id', cell: (m) => m?.id },
            { header: 'Name', cell: (m) => m?.displayName },
          ]}
          send={admin.importMaps}
          onDone={() => void load()}
          onCancel={close}
        />
      )}
      {maps && editing === 'new-pool' && (
        <PoolForm maps={maps} pools={pools} onSaved={saved} onCancel={close} />
      )}
      {maps && typeof editing === 'object' && (
        <PoolForm maps={maps} pools={pools} pool={editing} onSaved={saved} onCancel={close} />
      )}
      <section className="panel" aria-labelledby="maps-title">
        <h2 id="maps-title">Maps</h2>
        {maps === null ? (
          <Spinner />
        ) : (
          <div className="table-wrap">
            <table aria-label="Maps">
              <thead>
                <tr>
                  <th scope="col">Map</th>
                  <th scope="col">In play</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {maps.map((m) => (
                  <MapRow key={m.id} map={m} onChanged={() => void load()} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section className="panel" aria-labelledby="pools-title">
        <h2 id="pools-title">Map pools</h2>
        {pools.length === 0 ? (
          <p className="muted">No pools yet.</p>
        ) : (
          <ul className="snapshot-list" aria-label="Map pools">
            {pools.map((p) => (
              <li key={p.id}>
                <strong>{p.name}</strong>
                {p.isDefault && <span className="muted"> (default)</span>}
                <div className="muted">{p.mapIds.join(', ')}</div>
                <div className="actions">
                  <button type="button" onClick={() => setEditing(p)}>
                    Edit
                  </button>
                  <ConfirmButton
                    label="Delete"
                    confirmLabel={`Delete pool ${p.name}`}
                    busy={busy}
                    onConfirm={() =>
                      void run(() => admin.deletePool(p.id), `Pool ${p.name} deleted.`).then(load)
                    }
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}
