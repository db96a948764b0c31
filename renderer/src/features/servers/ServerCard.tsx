import type { TFunction } from 'i18next';
import { useState } from 'react';
import { admin, type ConnectionTest, type GameServer, type ServerStatus } from '../../api/admin.js';
import { ApiError } from '../../api/client.js';
import { ConfirmButton } from '../../components/ConfirmButton.js';
import { timeAgo } from '../../components/time.js';
import { useAction } from '../../components/use-action.js';
import { formatTime } from '../../i18n/format.js';
import { errorText } from '../../i18n/error-text.js';
import { useT } from '../../i18n/index.js';
import { toast } from '../../stores/toasts.js';
import { refreshServers } from '../../stores/admin-live.js';
import { ConnectionResult } from './ConnectionResult.js';
import { PreflightChecks } from '../preflight/PreflightChecks.js';
import type { PreflightCheck } from '../../../../shared/contracts/preflight.js';
import { blockedText, busyText } from './blocked-text.js';

function availabilityChip(server: GameServer, t: TFunction) {
  const { availability } = server;
  if (availability.free) {
    return <span className="chip ok">{t('servers.card.availability.free')}</span>;
  }
  if (availability.blocked) {
    return <span className="chip bad">{t('servers.card.availability.blocked')}</span>;
  }
  return <span className="chip warn">{t('servers.card.availability.busy')}</span>;
}

/** "MatchZy-Enhanced 1.4.x · version 1.4.21 · matchzy_ commands (detected)": what runs the server. */
function pluginSummary(server: GameServer, t: TFunction) {
  const { plugin } = server;
  return [
    plugin.detected ? plugin.product : t('servers.card.pluginNotDetected'),
    plugin.version
      ? t('servers.card.pluginVersion', { version: plugin.version })
      : t('servers.card.pluginVersionUnknown'),
    server.flavour === 'auto'
      ? t('servers.card.commandsDetected', { flavour: plugin.commandFlavour })
      : t('servers.card.commandsSetByHand', { flavour: plugin.commandFlavour }),
    plugin.status && t('servers.card.pluginStatus', { status: plugin.status }),
  ]
    .filter(Boolean)
    .join(' · ');
}

function setupText(setup: GameServer['setup'], t: TFunction) {
  if (setup.error) {
    return (
      <span className="danger-text" role="alert">
        {setup.error}
      </span>
    );
  }
  if (setup.waitingForBootstrap) {
    return (
      <span className="warn-text">
        {setup.bootstrapResends > 0
          ? t('servers.card.setupWaitingForBootstrapResent', { times: setup.bootstrapResends })
          : t('servers.card.setupWaitingForBootstrap')}
      </span>
    );
  }
  if (setup.configuredAt) {
    return t('servers.card.setupConfigured', { ago: timeAgo(setup.configuredAt) });
  }
  if (setup.sentAt) {
    return t('servers.card.setupSent', { ago: timeAgo(setup.sentAt) });
  }
  return t('servers.card.setupNotSent');
}

/** RCON's view right now, next to what the plugin last reported. */
function LiveStatus({ status }: { status: ServerStatus }) {
  const t = useT();
  return (
    <div
      className={`result-box ${status.live ? 'ok' : 'failed'}`}
      role="status"
      aria-label={t('servers.live.label')}
    >
      {status.live ? (
        <dl className="kv">
          <dt>{t('servers.live.pluginStatus')}</dt>
          <dd>{status.live.status ?? t('servers.live.notReported')}</dd>
          <dt>{t('servers.live.loadedMatch')}</dt>
          <dd>{status.live.match || t('servers.live.none')}</dd>
          <dt>{t('servers.live.nextMatch')}</dt>
          <dd>{status.live.nextMatch || t('servers.live.none')}</dd>
        </dl>
      ) : (
        <p className="danger-text">{t('servers.live.unreachable', { error: status.rconError })}</p>
      )}
    </div>
  );
}

export function ServerCard({
  server,
  checks,
  onEdit,
}: {
  server: GameServer;
  /** This server's checks of the last preflight (API.md decision 57); empty when it was not checked. */
  checks: readonly PreflightCheck[];
  onEdit(): void;
}) {
  const t = useT();
  const { busy, run } = useAction();
  const [status, setStatus] = useState<ServerStatus | null>(null);
  const [test, setTest] = useState<ConnectionTest | null>(null);
  const act = async (work: () => Promise<unknown>, done: string) => {
    await run(work, done);
    refreshServers();
  };
  // A setup that would move the server's events to a new address waits for the admin's confirmation.
  const [addressChange, setAddressChange] = useState<string | null>(null);
  const rerunSetup = async (confirmAddressChange = false) => {
    await run(async () => {
      try {
        await admin.rerunSetup(server.id, confirmAddressChange);
        setAddressChange(null);
        toast('success', t('servers.card.setupSentAgain', { name: server.name }));
      } catch (err) {
        if (err instanceof ApiError && err.code === 'EVENT_ADDRESS_CHANGES') {
          setAddressChange(errorText(err));
          return;
        }
        throw err;
      }
    });
    refreshServers();
  };
  const { availability } = server;
  return (
    <section className="panel" aria-label={t('servers.card.label', { name: server.name })}>
      <div className="page-head">
        <h2>
          {server.name} <span className="muted">({server.id})</span>
        </h2>
        <span>
          {availabilityChip(server, t)}{' '}
          {!server.enabled && <span className="chip">{t('servers.card.disabled')}</span>}
        </span>
      </div>
      <dl className="kv">
        <dt>{t('servers.card.address')}</dt>
        <dd>
          {server.host}:{server.port}
        </dd>
        {availability.blocked && (
          <>
            <dt>{t('servers.card.blocked')}</dt>
            <dd className="danger-text">{blockedText(server, t)}</dd>
          </>
        )}
        {availability.busy && (
          <>
            <dt>{t('servers.card.busy')}</dt>
            <dd>{busyText(server, t)}</dd>
          </>
        )}
        <dt>{t('servers.card.plugin')}</dt>
        <dd>{pluginSummary(server, t)}</dd>
        <dt>{t('servers.card.game')}</dt>
        <dd>
          {server.gameBuildId === null
            ? t('servers.card.buildUnknown')
            : ['CS2', server.gameVersion, t('servers.card.build', { build: server.gameBuildId })]
                .filter(Boolean)
                .join(' ')}
          {availability.blockedReason === 'outdated' && (
            <strong className="danger-text">{t('servers.card.outdated')}</strong>
          )}
          {server.trusted && t('servers.card.trusted')}
        </dd>
        <dt>{t('servers.card.lastSeen')}</dt>
        <dd>{timeAgo(server.lastSeenAt)}</dd>
        <dt>{t('servers.card.setup')}</dt>
        <dd>{setupText(server.setup, t)}</dd>
        {server.demoHold && (
          <>
            <dt>{t('servers.card.demoHold')}</dt>
            <dd>
              {t(server.demoHold.uploading ? 'servers.card.demoUploading' : 'servers.card.demoWaiting', {
                time: formatTime(server.demoHold.until),
              })}
            </dd>
          </>
        )}
      </dl>
      {availability.warnings.length > 0 && (
        <ul className="problems warn-text" aria-label={t('servers.card.warnings')}>
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
          {t('servers.card.status')}
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() =>
            void run(() => admin.testServer(server.id)).then((result) => result && setTest(result))
          }
        >
          {busy ? t('servers.card.working') : t('servers.card.test')}
        </button>
        <button type="button" disabled={busy} onClick={() => void rerunSetup()}>
          {t('servers.card.rerunSetup')}
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() =>
            void act(
              () => admin.setServerEnabled(server.id, !server.enabled),
              t(server.enabled ? 'servers.card.disabledToast' : 'servers.card.enabled', {
                name: server.name,
              }),
            )
          }
        >
          {server.enabled ? t('servers.card.disable') : t('servers.card.enable')}
        </button>
        <button type="button" disabled={busy} onClick={onEdit}>
          {t('servers.card.edit')}
        </button>
        <ConfirmButton
          label={t('common.delete')}
          confirmLabel={t('servers.card.confirmDelete', { name: server.name })}
          busy={busy}
          onConfirm={() =>
            void act(() => admin.deleteServer(server.id), t('servers.card.deleted', { name: server.name }))
          }
        />
      </div>
      {addressChange && (
        <div role="alert">
          <p className="danger-text">{addressChange}</p>
          <ConfirmButton
            label={t('servers.card.changeAddress')}
            confirmLabel={t('servers.card.confirmChangeAddress', { name: server.name })}
            busy={busy}
            onConfirm={() => void rerunSetup(true)}
          />
        </div>
      )}
      {status && <LiveStatus status={status} />}
      {test && <ConnectionResult result={test} />}
      {checks.length > 0 && (
        <details open={checks.some((c) => !c.ok)}>
          <summary>{t('preflight.serverChecks')}</summary>
          <PreflightChecks checks={checks} showSubject={false} />
        </details>
      )}
    </section>
  );
}
