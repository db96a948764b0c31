import { useState, type FormEvent } from 'react';
import { Trans } from 'react-i18next';
import { createMapSchema, type CreateMap } from '../../../../shared/contracts/maps.js';
import { mapsFromFile } from '../../../../shared/domain/file-import.js';
import { admin, type GameMap, type MapPool } from '../../api/admin.js';
import { ConfirmButton } from '../../components/ConfirmButton.js';
import { ImportPanel } from '../../components/ImportPanel.js';
import { Spinner } from '../../components/Spinner.js';
import { useAction } from '../../components/use-action.js';
import { useMapsAndPools } from '../../hooks/console-data.js';
import { errorText } from '../../i18n/error-text.js';
import { useT } from '../../i18n/index.js';
import { MapPoolPicker } from '../tournament/MapPoolPicker.js';

/** A new map: from a workshop lookup (when there is internet) or typed in. */
function AddMap({ onSaved, onCancel }: { onSaved(): void; onCancel(): void }) {
  const t = useT();
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
      setLookupError(errorText(err));
    }
  }
  async function submit(e: FormEvent) {
    e.preventDefault();
    const map = { id, displayName, ...(workshopId ? { workshopId } : {}), ...(imageUrl ? { imageUrl } : {}) };
    if (await run(() => admin.createMap(map), t('maps.add.added', { name: displayName }))) {
      onSaved();
    }
  }
  return (
    <form className="panel" aria-label={t('maps.newMap')} onSubmit={(e) => void submit(e)}>
      <h2>{t('maps.newMap')}</h2>
      <label htmlFor="workshop-lookup">{t('maps.add.lookup')}</label>
      <div className="actions" style={{ marginTop: 0 }}>
        <input id="workshop-lookup" value={lookup} onChange={(e) => setLookup(e.target.value)} />
        <button type="button" disabled={!lookup.trim()} onClick={() => void lookUp()}>
          {t('maps.add.lookUp')}
        </button>
      </div>
      {lookupError && (
        <p className="banner-warning" role="alert">
          {lookupError}
        </p>
      )}
      {imageUrl && (
        <img className="map-preview" src={imageUrl} alt={t('maps.add.preview', { name: displayName })} />
      )}
      <div className="form-grid">
        <label>
          {t('maps.add.id')}
          <input value={id} onChange={(e) => setId(e.target.value)} placeholder="de_cache" required />
        </label>
        <label>
          {t('maps.add.displayName')}
          <input value={displayName} onChange={(e) => setDisplayName(e.target.value)} required />
        </label>
        <label>
          {t('maps.add.workshopId')}
          <input value={workshopId} onChange={(e) => setWorkshopId(e.target.value)} />
        </label>
      </div>
      <div className="actions">
        <button type="submit" className="primary" disabled={busy}>
          {t('maps.add.submit')}
        </button>
        <button type="button" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}

function MapRow({ map, onChanged }: { map: GameMap; onChanged(): void }) {
  const t = useT();
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
          <input
            aria-label={t('maps.list.nameOf', { id: map.id })}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
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
                t(e.target.checked ? 'maps.list.enabledToast' : 'maps.list.disabledToast', {
                  name: map.displayName,
                }),
              )
            }
          />
          {t('maps.list.enabled')}
        </label>
      </td>
      <td>
        <div className="actions" style={{ marginTop: 0 }}>
          {name === null ? (
            <button type="button" onClick={() => setName(map.displayName)}>
              {t('maps.list.rename')}
            </button>
          ) : (
            <button
              type="button"
              className="primary"
              onClick={() => void update({ displayName: name }, t('maps.list.renamed'))}
            >
              {t('maps.list.saveName')}
            </button>
          )}
          <ConfirmButton
            label={t('common.delete')}
            confirmLabel={t('maps.list.confirmDelete', { name: map.displayName })}
            busy={busy}
            onConfirm={() =>
              void run(() => admin.deleteMap(map.id), t('maps.list.deleted', { name: map.displayName })).then(
                onChanged,
              )
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
  const t = useT();
  const [name, setName] = useState(pool?.name ?? '');
  const [mapIds, setMapIds] = useState<string[]>(pool?.mapIds ?? []);
  const { busy, run } = useAction();
  async function submit(e: FormEvent) {
    e.preventDefault();
    const input = { name, mapIds };
    if (
      await run(
        () => (pool ? admin.updatePool(pool.id, input) : admin.createPool(input)),
        t('maps.pool.saved', { name }),
      )
    ) {
      onSaved();
    }
  }
  return (
    <form
      className="panel"
      aria-label={pool ? t('maps.pool.editTitle', { name: pool.name }) : t('maps.pool.newTitle')}
      onSubmit={(e) => void submit(e)}
    >
      <label>
        {t('maps.pool.name')}
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
          {t('maps.pool.save')}
        </button>
        <button type="button" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}

type Editing = 'closed' | 'new-map' | 'import' | 'new-pool' | MapPool;

/** Maps (enable, rename, add with a workshop lookup, import, delete) and the saved map pools. */
export function MapsPage() {
  const t = useT();
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
      <h1>{t('maps.title')}</h1>
      {editing === 'closed' && (
        <div className="actions">
          <button type="button" className="primary" onClick={() => setEditing('new-map')}>
            {t('maps.newMap')}
          </button>
          <button type="button" onClick={() => setEditing('import')}>
            {t('maps.importMaps')}
          </button>
          <button type="button" onClick={() => setEditing('new-pool')}>
            {t('maps.newPool')}
          </button>
        </div>
      )}
      {editing === 'new-map' && <AddMap onSaved={saved} onCancel={close} />}
      {editing === 'import' && (
        <ImportPanel<CreateMap>
          noun={t('maps.import.noun')}
          help={
            <Trans
              i18nKey="maps.import.help"
              values={{ jsonShape: '{ id, displayName, workshopId? }', csvHeader: 'id,name,workshop' }}
              components={{ code: <code /> }}
            />
          }
          read={mapsFromFile}
          schema={createMapSchema}
          columns={[
            { header: t('maps.import.mapId'), cell: (m) => m?.id },
            { header: t('maps.import.name'), cell: (m) => m?.displayName },
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
        <h2 id="maps-title">{t('maps.list.title')}</h2>
        {maps === null ? (
          <Spinner />
        ) : (
          <div className="table-wrap">
            <table aria-label={t('maps.list.title')}>
              <thead>
                <tr>
                  <th scope="col">{t('maps.list.map')}</th>
                  <th scope="col">{t('maps.list.inPlay')}</th>
                  <th scope="col">{t('maps.list.actions')}</th>
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
        <h2 id="pools-title">{t('maps.pools.title')}</h2>
        {pools.length === 0 ? (
          <p className="muted">{t('maps.pools.none')}</p>
        ) : (
          <ul className="snapshot-list" aria-label={t('maps.pools.title')}>
            {pools.map((p) => (
              <li key={p.id}>
                <strong>{p.name}</strong>
                {p.isDefault && <span className="muted">{t('maps.pools.default')}</span>}
                <div className="muted">{p.mapIds.join(', ')}</div>
                <div className="actions">
                  <button type="button" onClick={() => setEditing(p)}>
                    {t('maps.pools.edit')}
                  </button>
                  <ConfirmButton
                    label={t('common.delete')}
                    confirmLabel={t('maps.pools.confirmDelete', { name: p.name })}
                    busy={busy}
                    onConfirm={() =>
                      void run(() => admin.deletePool(p.id), t('maps.pools.deleted', { name: p.name })).then(
                        load,
                      )
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
