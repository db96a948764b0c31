import { useState } from 'react';
import { admin, type ConnectionTest, type GameServer, type ServerStatus } from '../../api/admin.js';
import { ConfirmButton } from '../../components/ConfirmButton.js';
import { timeAgo } from '../../components/time.js';
import { useAction } from '../../components/use-action.js';
import { refreshServers } from '../../stores/admin-live.js';
import { ConnectionResult } from './ConnectionResult.js';

function availabilityChip(server: GameServer) {
  const { availability } = server;
  if (availability.free) {
    return <span className="chip ok">Free</span>;
  }
  if (availability.blocked) {
    return <span className="chip bad">Blocked</span>;
  }
  return <span className="chip warn">Busy</span>;
}

/** RCON's view right now, next to what the plugin last reported. */
function LiveStatus({ status }: { status: ServerStatus }) {
  return (
    <div className={`result-box ${status.live ? 'ok' : 'failed'}`} role="status" aria-label="Live status">
      {status.live ? (
        <dl className="kv">
          <dt>Plugin status now</dt>
          <dd>{status.live.status ?? 'not reported'}</dd>
          <dt>Loaded match</dt>
          <dd>{status.live.match || 'none'}</dd>
          <dt>Next match</dt>
          <dd>{status.live.nextMatch || 'none'}</dd>
        </dl>
      ) : (
        <p className="danger-text">RCON cannot reach the server: {status.rconError}</p>
      )}
    </div>
  );
}

export function ServerCard({ server, onEdit }: { server: GameServer; onEdit(): void }) {
  const { busy, run } = useAction();
  const [status, setStatus] = useState<ServerStatus | null>(null);
  const [test, setTest] = useState<ConnectionTest | null>(null);
  const act = async (work: () => Promise<unknown>, done: string) => {
    await run(work, done);
    refreshServers();
  };
  const { availability, plugin } = server;
  return (
    <section className="panel" aria-label={`Server ${server.name}`}>
      <div className="page-head">
        <h2>
          {server.name} <span className="muted">({server.id})</span>
        </h2>
        <span>
          {availabilityChip(server)} {!server.enabled && <span className="chip">Disabled</span>}
        </span>
      </div>
      <dl className="kv">
        <dt>Address</dt>
        <dd>
          {server.host}:{server.port}
        </dd>
        {availability.blocked && (
          <>
            <dt>Blocked</dt>
            <dd className="danger-text">{availability.blocked}</dd>
          </>
        )}
        {availability.busy && (
          <>
            <dt>Busy</dt>
            <dd>{availability.busy}</dd>
          </>
        )}
        <dt>Plugin</dt>
        <dd>
          {plugin.detected ? plugin.product : 'not detected'}
          {plugin.version ? ` · version ${plugin.version}` : ' · version not reported yet'}
          {` · ${plugin.commandFlavour}_ commands (${server.flavour === 'auto' ? 'detected' : 'set by hand'})`}
          {plugin.status && ` · status ${plugin.status}`}
        </dd>
        <dt>Game</dt>
        <dd>
          {server.gameBuildId === null
            ? 'build not read yet (Matchday asks the server over RCON at setup and on each health report)'
            : ['CS2', server.gameVersion, `build ${server.gameBuildId}`].filter(Boolean).join(' ')}
          {availability.blockedReason === 'outdated' && <strong className="danger-text"> · outdated</strong>}
          {server.trusted && ' · trusted by an admin'}
        </dd>
        <dt>Last seen</dt>
        <dd>{timeAgo(server.lastSeenAt)}</dd>
        <dt>Setup</dt>
        <dd>
          {server.setup.error ? (
            <span className="danger-text" role="alert">
              {server.setup.error}
            </span>
          ) : server.setup.waitingForBootstrap ? (
            <span className="warn-text">waiting for the server to fetch its settings</span>
          ) : server.setup.configuredAt ? (
            `configured ${timeAgo(server.setup.configuredAt)}`
          ) : server.setup.sentAt ? (
            `sent ${timeAgo(server.setup.sentAt)}, waiting for the plugin`
          ) : (
            'not sent'
          )}
        </dd>
        {server.demoHold && (
          <>
            <dt>Demo hold</dt>
            <dd>
              {server.demoHold.uploading ? 'uploading' : 'waiting for the upload'} until{' '}
              {new Date(server.demoHold.until * 1000).toLocaleTimeString()}
            </dd>
          </>
        )}
      </dl>
      {availability.warnings.length > 0 && (
        <ul className="problems warn-text" aria-label="Warnings">
          {availability.warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      )}
      <div className="actions">
        <button
          type="button"
          disabled={busy}
          onClick={() => void run(() => admin.serverStatus(server.id)).then((s) => s && setStatus(s))}
        >
          Status
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() => void run(() => admin.testServer(server.id)).then((t) => t && setTest(t))}
        >
          {busy ? 'Working…' : 'Test'}
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() => void act(() => admin.rerunSetup(server.id), `Setup sent again to ${server.name}.`)}
        >
          Re-run setup
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() =>
            void act(
              () => admin.setServerEnabled(server.id, !server.enabled),
              `${server.name} ${server.enabled ? 'disabled' : 'enabled'}.`,
            )
          }
        >
          {server.enabled ? 'Disable' : 'Enable'}
        </button>
        <button type="button" disabled={busy} onClick={onEdit}>
          Edit
        </button>
        <ConfirmButton
          label="Delete"
          confirmLabel={`Confirm delete of ${server.name}`}
          busy={busy}
          onConfirm={() => void act(() => admin.deleteServer(server.id), `Server ${server.name} deleted.`)}
        />
      </div>
      {status && <LiveStatus status={status} />}
      {test && <ConnectionResult result={test} />}
    </section>
  );
}
