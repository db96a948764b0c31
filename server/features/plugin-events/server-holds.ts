import type { MatchLive } from '../../../shared/domain/match-live.js';
import type { ServersService } from '../servers/index.js';
import type { SettingsService } from '../settings/index.js';
import type { Json } from './normalise.js';

/** Step 5 of an event's way: a map end holds the match's server for its demo; the upload frees it. */

/** Events that hold or free the match's server (a map end waits for its demo). */
const HOLD_EVENTS = new Set([
  'map_result',
  'series_end',
  'demo_upload_start',
  'demo_upload_success',
  'demo_upload_fail',
  'demo_upload_ended',
]);

/** Whether the demo of that file is still uploading, as its events tell. */
const uploading = (live: MatchLive, fileName: unknown) =>
  live.demos.some((d) => d.fileName === fileName && d.state === 'uploading');

/** GOTV delay assumed outside simulation: the spec's "about 5 minutes" hold for a silent upload. */
const USUAL_TV_DELAY_S = 135;

export interface ServerHoldsDeps {
  servers: Pick<ServersService, 'notePlugin' | 'holdForDemo' | 'demoUploadStarted' | 'demoUploadReported'>;
  settings: Pick<SettingsService, 'read'>;
}

export function createServerHolds(deps: ServerHoldsDeps) {
  return {
    holdsOrFrees: (e: Json) => HOLD_EVENTS.has(String(e.event)),

    /** What the event means for the server: held for a demo, freed by its upload, or done with the series. */
    async holdOrFree(serverId: string, slug: string, live: MatchLive, e: Json): Promise<void> {
      const mapNumber = typeof e.map_number === 'number' ? e.map_number : null;
      const isBackup = typeof e.filename === 'string' && e.filename.endsWith('.json');
      if (e.event === 'map_result') {
        const settings = deps.settings.read();
        // A late map_result whose demo already reported back holds nothing.
        const reported = live.demos.some(
          (d) => d.mapNumber === mapNumber && (d.state === 'uploaded' || d.state === 'failed'),
        );
        if (settings.demoRecording && !reported) {
          await deps.servers.holdForDemo(serverId, slug, settings.simulateMatches ? 0 : USUAL_TV_DELAY_S);
        }
      } else if (e.event === 'series_end') {
        // The series is over: what the plugin said during it no longer describes the server.
        await deps.servers.notePlugin(serverId, { pluginStatus: null });
      } else if (e.event === 'demo_upload_start' && !isBackup && uploading(live, e.filename)) {
        // A retried start arriving after its upload reported back holds nothing.
        await deps.servers.demoUploadStarted(serverId, slug);
      } else if (
        (e.event === 'demo_upload_ended' ||
          e.event === 'demo_upload_success' ||
          e.event === 'demo_upload_fail') &&
        !isBackup
      ) {
        await deps.servers.demoUploadReported(serverId);
      }
    },
  };
}

export type ServerHolds = ReturnType<typeof createServerHolds>;
