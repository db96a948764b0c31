import type { Match, StuckLoad } from '../../../../shared/contracts/matches.js';
import type { GameServer } from '../../../../shared/contracts/servers.js';
import type { Webhook } from '../../../../shared/contracts/webhooks.js';
import { waitingWork } from '../../../../shared/domain/waiting-work.js';
import { t } from '../../i18n/index.js';
import { blockedText } from '../servers/blocked-text.js';

export interface AttentionItem {
  key: string;
  kind: 'server' | 'waiting' | 'plugin-db' | 'game-update' | 'webhook';
  /** Words in the language in use: items are made while the page renders. */
  title: string;
  detail: string;
  /** Where the organiser acts on it. */
  link: { to: string; label: string };
}

function serverItems(server: GameServer): AttentionItem[] {
  const items: AttentionItem[] = [];
  const serverLink = { to: '/admin/servers', label: t('dashboard.attention.servers') };
  const name = `${server.name} (${server.host}:${server.port})`;
  if (server.plugin.dbOk === false) {
    items.push({
      key: `db-${server.id}`,
      kind: 'plugin-db',
      title: t('dashboard.attention.dbDown', { server: name }),
      detail: server.plugin.dbError ?? t('dashboard.attention.dbDownDetail'),
      link: serverLink,
    });
  }
  if (server.plugin.updateRequiredVersion !== null) {
    items.push({
      key: `update-${server.id}`,
      kind: 'game-update',
      title: t('dashboard.attention.updateRequired', { server: name }),
      detail: t('dashboard.attention.updateRequiredDetail', { version: server.plugin.updateRequiredVersion }),
      link: serverLink,
    });
  }
  const down =
    server.setup.error ?? (server.plugin.status === 'error' ? t('dashboard.attention.pluginError') : null);
  if (down !== null) {
    items.push({
      key: `down-${server.id}`,
      kind: 'server',
      title: t('dashboard.attention.serverDown', { server: name }),
      detail: down,
      link: serverLink,
    });
  }
  // Update required has its own item; a disabled server was turned off on purpose but takes no match either.
  if (server.availability.blocked && server.availability.blockedReason !== 'update_required') {
    items.push({
      key: `blocked-${server.id}`,
      kind: 'server',
      title: t('dashboard.attention.serverBlocked', { server: name }),
      detail: blockedText(server, t) ?? '',
      link: serverLink,
    });
  }
  return items;
}

/** Matches held up by their veto, servers idle while matches queue (issue 31): not errors, but they wait on someone. */
function waitingItems(matches: readonly Match[], servers: readonly GameServer[]): AttentionItem[] {
  const work = waitingWork(matches, servers);
  const items: AttentionItem[] = [];
  if (work.vetoPending.length > 0) {
    const only = work.vetoPending.length === 1 ? work.vetoPending[0] : undefined;
    items.push({
      key: 'veto-pending',
      kind: 'waiting',
      title: t('dashboard.attention.vetoPending', { count: work.vetoPending.length }),
      detail: t('dashboard.attention.vetoPendingDetail'),
      link:
        only === undefined
          ? { to: '/admin/matches', label: t('dashboard.attention.matches') }
          : { to: `/admin/matches/${encodeURIComponent(only)}`, label: t('dashboard.attention.openMatch') },
    });
  }
  if (work.idleServers.length > 0) {
    const names = servers.filter((s) => work.idleServers.includes(s.id)).map((s) => s.name);
    items.push({
      key: 'idle-servers',
      kind: 'waiting',
      title: t('dashboard.attention.idleServers', { count: names.length, servers: names.join(', ') }),
      detail: t('dashboard.attention.idleServersDetail', { count: work.queued }),
      link: { to: '/admin/servers', label: t('dashboard.attention.servers') },
    });
  }
  return items;
}

/** Matches sent to a server that never fetched their config: re-send (restart) or move them (reallocate). */
function stuckLoadItems(
  loads: readonly StuckLoad[],
  matches: readonly Match[],
  servers: readonly GameServer[],
): AttentionItem[] {
  return loads.map((load) => {
    const match = matches.find((m) => m.slug === load.matchSlug);
    const server = servers.find((s) => s.id === load.serverId);
    return {
      key: `stuck-load-${load.matchSlug}`,
      kind: 'waiting',
      title: t('dashboard.attention.stuckLoad', {
        match: match?.label ?? load.matchSlug,
        server: server?.name ?? load.serverId,
        count: Math.floor(load.waitingSeconds / 60),
      }),
      detail: t('dashboard.attention.stuckLoadDetail'),
      link: {
        to: `/admin/matches/${encodeURIComponent(load.matchSlug)}`,
        label: t('dashboard.attention.openMatch'),
      },
    };
  });
}

/**
 * What the console sees for itself, most urgent first: servers, waiting work, plugins, webhooks. Matches
 * needing a decision are in the server's attention queue.
 */
export function attentionItems(
  matches: readonly Match[],
  servers: readonly GameServer[],
  webhooks: readonly Webhook[],
  stuckLoads: readonly StuckLoad[] = [],
): AttentionItem[] {
  const offWebhooks: AttentionItem[] = webhooks
    .filter((w) => w.notice !== null)
    .map((w) => ({
      key: `webhook-${w.id}`,
      kind: 'webhook',
      title: t('dashboard.attention.webhookOff', { url: w.url }),
      detail: w.notice ?? '',
      link: { to: '/admin/webhooks', label: t('dashboard.attention.webhooks') },
    }));
  return [
    ...servers.flatMap(serverItems),
    ...stuckLoadItems(stuckLoads, matches, servers),
    ...waitingItems(matches, servers),
    ...offWebhooks,
  ];
}
