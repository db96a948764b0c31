import type { TFunction } from 'i18next';
import type { GameServer } from '../../api/admin.js';

/** Why the server takes no match, in the language in use (the API's `blocked` text is English). */
export function blockedText(server: GameServer, t: TFunction): string | null {
  const { blockedReason, blocked } = server.availability;
  return blockedReason ? t(`servers.blockedReason.${blockedReason}`) : blocked;
}
