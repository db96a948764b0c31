import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { ACTION_NAMES, type MatchAction } from '../../../shared/domain/match-lifecycle.js';
import { controlRefusal } from '../../integrations/plugin/control-replies.js';
import type { PluginEventsService } from '../plugin-events/index.js';

/**
 * How long the plugin's event confirming a control may take: it sends it at once from the command
 * (MatchZy-Enhanced src/Utility.cs ForcePauseMatch, UnpauseMatch; src/BackupManagement.cs).
 */
const CONFIRM_TIMEOUT_MS = 5_000;
const CONFIRM_POLL_MS = 100;

/** When the plugin ignores a control without a word (src/Utility.cs, src/BackupManagement.cs). */
const SILENT_WHEN: Partial<Record<MatchAction, string>> = {
  pause: 'before a map has gone live (warmup, between maps)',
  unpause: 'when the match is not paused',
  restart_round: 'when no map is live (between maps)',
  restore_backup: 'when no map is live (between maps)',
};

/**
 * Reading what the plugin made of an admin control: a refusal in its reply fails the control at once;
 * a control it may ignore silently counts only once its event arrived. Either failure is 409
 * PLUGIN_REFUSED and nothing is stored: the plugin's later events stay the truth.
 */
export function createControlConfirmation(
  ctx: AppContext,
  pluginEvents: Pick<PluginEventsService, 'received'>,
) {
  return {
    /** Throws the plugin's refusal found in `reply`. */
    checkReply(action: MatchAction, reply: string): void {
      const refusal = controlRefusal(reply);
      if (refusal !== null) {
        throw new AppError(
          'PLUGIN_REFUSED',
          409,
          `The server refused to ${ACTION_NAMES[action]}: ${refusal}`,
        );
      }
    },

    /** Waits for `event` of the match sent at or after `since`; throws when it did not come in time. */
    async awaitEvent(slug: string, action: MatchAction, event: string, since: number): Promise<void> {
      const deadline = Date.now() + CONFIRM_TIMEOUT_MS;
      for (;;) {
        if (await pluginEvents.received(slug, event, since)) {
          return;
        }
        if (Date.now() >= deadline) {
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, CONFIRM_POLL_MS));
      }
      ctx.logger.warn({ module: 'match-controls', match: slug, action }, `no ${event} after the control`);
      throw new AppError(
        'PLUGIN_REFUSED',
        409,
        `The server did not ${ACTION_NAMES[action]} (no ${event} within ${CONFIRM_TIMEOUT_MS / 1000} s); its plugin ignores that ${SILENT_WHEN[action] ?? 'in this state'}.`,
      );
    },
  };
}
