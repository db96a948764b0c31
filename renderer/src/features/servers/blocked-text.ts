import type { TFunction } from 'i18next';
import type { GameServer } from '../../api/admin.js';

/** Why the server takes no match, in the language in use (the API's `blocked` text is English). */
export function blockedText(server: GameServer, t: TFunction): string | null {
  const { blockedReason, blocked } = server.availability;
  return blockedReason ? t(`servers.blockedReason.${blockedReason}`) : blocked;
}

/**
 * Why a server that is not blocked takes no match now, in the language in use: the match it plays, else
 * the plugin's state (the API's `busy` text says the same in English).
 */
export function busyText(server: GameServer, t: TFunction): string | null {
  const { activeMatch, busy } = server.availability;
  if (activeMatch) {
    return t('servers.busyReason.playing', { match: activeMatch });
  }
  return busy && server.plugin.status
    ? t('servers.busyReason.pluginReports', { status: server.plugin.status })
    : busy;
}
