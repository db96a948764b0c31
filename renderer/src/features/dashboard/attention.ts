import type { Match } from '../../../../shared/contracts/matches.js';
import type { GameServer } from '../../../../shared/contracts/servers.js';
import type { Webhook } from '../../../../shared/contracts/webhooks.js';

export interface AttentionItem {
  key: string;
  kind: 'decision' | 'server' | 'plugin-db' | 'game-update' | 'webhook';
  title: string;
  detail: string;
  /** Where the organiser acts on it. */
  link: { to: string; label: string };
}

const serverLink = { to: '/admin/servers', label: 'Servers' };

function serverItems(server: GameServer): AttentionItem[] {
  const items: AttentionItem[] = [];
  const name = `${server.name} (${server.host}:${server.port})`;
  if (server.plugin.dbOk === false) {
    items.push({
      key: `db-${server.id}`,
      kind: 'plugin-db',
      title: `Plugin DB down on ${name}`,
      detail: server.plugin.dbError ?? 'The plugin cannot reach its database.',
      link: serverLink,
    });
  }
  if (server.plugin.updateRequiredVersion !== null) {
    items.push({
      key: `update-${server.id}`,
      kind: 'game-update',
      title: `Game update required on ${name}`,
      detail: `The game asks for version ${server.plugin.updateRequiredVersion}; the server takes no match until it is updated.`,
      link: serverLink,
    });
  }
  const down =
    server.setup.error ?? (server.plugin.status === 'error' ? 'The plugin reports an error state.' : null);
  if (down !== null) {
    items.push({
      key: `down-${server.id}`,
      kind: 'server',
      title: `${name} is down`,
      detail: down,
      link: serverLink,
    });
  }
  // Update required has its own item; a disabled server was turned off on purpose but takes no match either.
  if (server.availability.blocked && server.availability.blockedReason !== 'update_required') {
    items.push({
      key: `blocked-${server.id}`,
      kind: 'server',
      title: `${name} is blocked`,
      detail: server.availability.blocked,
      link: serverLink,
    });
  }
  return items;
}

/** What needs the organiser now, most urgent first: decisions, servers, plugins, webhooks. */
export function attentionItems(
  matches: readonly Match[],
  servers: readonly GameServer[],
  webhooks: readonly Webhook[],
): AttentionItem[] {
  const decisions: AttentionItem[] = matches
    .filter((m) => m.status === 'needs_decision')
    .map((m) => ({
      key: `decision-${m.slug}`,
      kind: 'decision',
      title: `${m.label}: ${m.displayStatus}`,
      detail: `${m.team1?.name ?? 'TBD'} vs ${m.team2?.name ?? 'TBD'}: the series ended level; choose the winner.`,
      link: { to: `/matches/${encodeURIComponent(m.slug)}`, label: 'Open the match' },
    }));
  const offWebhooks: AttentionItem[] = webhooks
    .filter((w) => w.notice !== null)
    .map((w) => ({
      key: `webhook-${w.id}`,
      kind: 'webhook',
      title: `Webhook turned off: ${w.url}`,
      detail: w.notice ?? '',
      link: { to: '/admin/webhooks', label: 'Webhooks' },
    }));
  return [...decisions, ...servers.flatMap(serverItems), ...offWebhooks];
}
