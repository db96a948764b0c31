/**
 * When a finished series lets the plugin take its next load (PROTOCOL.md 6.1; sivert-io/MatchZy-Enhanced
 * 1.4.21 `src/Utility.cs` HandleMatchEnd, `src/MatchManagement.cs` EndSeries). Pure: the server's
 * settings in, seconds from the last round out.
 */
import { mapsRanOut, type MapProgress } from './match-progress.js';

export interface PostgameSettings {
  /** `tv_enable`; GOTV off means no broadcast delay. */
  tvEnabled: boolean;
  tvDelay: number;
  matchRestartDelay: number;
  /** Demo recording on, and a demo upload URL set. */
  recording: boolean;
  uploading: boolean;
  /** The plugin's `series_end_kick_delay_*` settings. */
  kickDelay: { noDemo: number; demoNoUpload: number; demoUpload: number };
}

/** The plugin's own defaults with GOTV on and `tv_delay 10`, for a server whose settings cannot be read. */
export const POSTGAME_DEFAULTS: PostgameSettings = {
  tvEnabled: true,
  tvDelay: 10,
  matchRestartDelay: 15,
  recording: true,
  uploading: true,
  kickDelay: { noDemo: 5, demoNoUpload: 10, demoUpload: 60 },
};

/** Seconds from the last round to the reset after which a queued load fetches its config. */
export function postgameResetSeconds(s: PostgameSettings): number {
  const tvDelay = s.tvEnabled ? s.tvDelay : 0;
  const flush = tvDelay + 15;
  const required = flush + (tvDelay > 0 ? 10 : 0);
  if (!s.recording) {
    return 10 - 1 + s.kickDelay.noDemo + 2;
  }
  const restartDelay = s.uploading ? Math.max(s.matchRestartDelay, required) : required;
  return restartDelay - 1 + (s.uploading ? s.kickDelay.demoUpload : s.kickDelay.demoNoUpload) + 2;
}

/**
 * The maps reported so far decide the series (clinched, or every map played): the plugin is then in its
 * series-end postgame, where it sends series_end 2 s after the last map_result, stops and uploads the
 * demo, kicks and resets on its own (sivert-io/MatchZy-Enhanced 1.4.21 src/Utility.cs HandleMatchEnd,
 * src/MatchManagement.cs EndSeries; PROTOCOL.md 6.1).
 */
export function seriesDecidedOnServer(
  series: { team1SeriesScore: number; team2SeriesScore: number },
  maps: readonly MapProgress[],
  mapsInSeries: number,
): boolean {
  const needed = Math.floor(mapsInSeries / 2) + 1;
  return (
    series.team1SeriesScore >= needed || series.team2SeriesScore >= needed || mapsRanOut(maps, mapsInSeries)
  );
}
