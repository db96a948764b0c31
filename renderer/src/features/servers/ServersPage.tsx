import { useLastPreflight } from '../../hooks/console-data.js';
import { useState } from 'react';
import { SETUP_CHECKS, SUPPORTED_PLUGIN_VERSIONS } from '../../../../shared/contracts/servers.js';
import type { GameServer } from '../../api/admin.js';
import { Spinner } from '../../components/Spinner.js';
import { useT } from '../../i18n/index.js';
import { refreshServers, useAdminLiveData } from '../../stores/admin-live.js';
import { ServerCard } from './ServerCard.js';
import { ServerForm } from './ServerForm.js';

type Editing = { mode: 'closed' } | { mode: 'new' } | { mode: 'edit'; server: GameServer };

/** Game servers with what the plugin last said, live over the admin stream. */
export function ServersPage() {
  const t = useT();
  const { servers, serversError } = useAdminLiveData();
  const { data: preflight } = useLastPreflight();
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  const saved = () => {
    setEditing({ mode: 'closed' });
    refreshServers();
  };
  return (
    <main className="page">
      <h1>{t('servers.title')}</h1>
      <section className="panel muted" aria-label={t('servers.intro.label')}>
        <p>{t('servers.intro.text', SUPPORTED_PLUGIN_VERSIONS)}</p>
        <ul>
          {SETUP_CHECKS.map((check) => (
            <li key={check}>{t(`servers.intro.checks.${check}`)}</li>
          ))}
        </ul>
      </section>
      {serversError && (
        <p className="panel banner-error" role="alert">
          {serversError}
        </p>
      )}
      {editing.mode === 'closed' ? (
        <div className="actions">
          <button type="button" className="primary" onClick={() => setEditing({ mode: 'new' })}>
            {t('servers.add')}
          </button>
        </div>
      ) : (
        <ServerForm
          key={editing.mode === 'edit' ? editing.server.id : 'new'}
          server={editing.mode === 'edit' ? editing.server : undefined}
          onSaved={saved}
          onCancel={() => setEditing({ mode: 'closed' })}
        />
      )}
      <div className="card-list" style={{ marginTop: '1rem' }}>
        {servers === undefined ? (
          <Spinner label={t('servers.loading')} />
        ) : servers.length === 0 ? (
          <p className="panel muted">{t('servers.none')}</p>
        ) : (
          servers.map((s) => (
            <ServerCard
              key={s.id}
              server={s}
              checks={preflight?.checks.filter((c) => c.scope === 'server' && c.id === s.id) ?? []}
              onEdit={() => setEditing({ mode: 'edit', server: s })}
            />
          ))
        )}
      </div>
    </main>
  );
}
