import type { AppContext } from '../../context.js';
import type { Repos } from '../../db/repos.js';
import { AppError } from '../../errors.js';
import { mapsRanOut } from '../../../shared/domain/match-progress.js';
import { applyReport } from '../../../shared/domain/match-live.js';
import { playList } from '../matches/index.js';
import type { MatchRecord, MatchWriter } from '../matches/index.js';
import type { ServersService } from '../servers/index.js';
import { onServer, type MatchApplier } from './apply-to-match.js';
import { text, type Json } from './normalise.js';

/** Step 6 of an event's way, for reports: the plugin's periodic match report applied to its match. */
export function createReportIngest(
  ctx: Pick<AppContext, 'clock' | 'sql' | 'live'>,
  deps: { servers: Pick<ServersService, 'notePlugin'>; matchWriter: Pick<MatchWriter, 'transition'> },
  repos: Pick<Repos, 'pluginEvents' | 'matches'>,
  applier: MatchApplier,
) {
  const { pluginEvents: repo, matches } = repos;

  /** Where a report's match is: by numeric match id first (the plugin's slug is that id as text). */
  async function reportedMatch(body: Json, report: Json): Promise<MatchRecord | undefined> {
    const match = (report.match ?? {}) as Json;
    for (const candidate of [match.matchId, match.slug, body.matchSlug]) {
      const id = typeof candidate === 'number' ? candidate : Number(candidate);
      const found = Number.isInteger(id) && id > 0 ? await matches.getByMatchid(id) : undefined;
      if (found) {
        return found;
      }
    }
    const slug = text(match.slug) ?? text(body.matchSlug);
    return slug ? matches.get(slug) : undefined;
  }

  /**
   * A match report (PROTOCOL.md 3.2): the server's status always; players, spectators, pause and
   * the current map's score only for the live match assigned to that server, and never from an
   * idle server (its report names the match it finished last).
   */
  return async function ingestReport(
    body: Json,
    serverId: string,
  ): Promise<{ applied: boolean; message: string }> {
    if (text(body.serverId) !== serverId) {
      throw new AppError(
        'FORBIDDEN',
        403,
        `This report token belongs to server ${serverId}, not "${text(body.serverId) ?? ''}".`,
      );
    }
    const report = (body.report ?? {}) as Json;
    const server = (report.server ?? {}) as Json;
    const reported = (report.match ?? {}) as Json;
    const status = text(server.tournamentStatus);
    const match = await reportedMatch(body, report);
    // A late report about a match that is over would bring back a stale busy status: it is not noted.
    // Idle and error say nothing is set up whatever match id the plugin still names (PROTOCOL.md 6:
    // the id is never cleared), so they free the server.
    const current =
      !match ||
      status === 'idle' ||
      status === 'error' ||
      (match.serverId === serverId && (match.status === 'loaded' || match.status === 'live'));
    await deps.servers.notePlugin(serverId, {
      ...(status && current ? { pluginStatus: status } : {}),
      ...(text(server.moduleVersion) ? { pluginVersion: text(server.moduleVersion) } : {}),
    });
    const skip = (message: string) => ({ applied: false, message });
    if (!match) {
      return skip('no match of this report is known; the server status was recorded');
    }
    if (match.serverId !== serverId) {
      return skip(`match ${match.slug} is not assigned to ${serverId}`);
    }
    if (status === 'idle' || reported.phase === 'idle') {
      if (onServer(match) && mapsRanOut(await repo.maps(match.slug), playList(match).maps.length)) {
        await applier.endSeries(match, await applier.progressOf(match));
        return { applied: true, message: 'the server is idle after the last map: the series is decided' };
      }
      return skip('the server is idle; its report is not applied to the match it finished');
    }
    if (!onServer(match)) {
      return skip(`match ${match.slug} is ${match.status}`);
    }
    await ctx.sql.tx(async () => {
      await repo.saveLive(
        match.slug,
        applyReport(await repo.live(match.slug), report, ctx.clock.now()),
        ctx.clock.now(),
      );
      const map = (reported.map ?? {}) as Json;
      const score = (reported.score ?? {}) as Json;
      const [t1, t2] = [Number(score.team1), Number(score.team2)];
      const onCurrentMap = Number(map.index) === (match.currentMapNumber ?? 0);
      const newer = t1 + t2 >= match.team1MapScore + match.team2MapScore;
      const paused = reported.paused === true;
      // A report may be older than the pause it crossed; only match_unpaused lifts a pause.
      const phase = paused ? 'paused' : match.phase;
      // Before going_live the map has no score yet: a report with one is the previous load's (a restart).
      const scored =
        match.status === 'live' && onCurrentMap && newer && Number.isInteger(t1) && Number.isInteger(t2);
      if (scored || phase !== match.phase) {
        await deps.matchWriter.transition(match, [], {
          phase: match.status === 'live' ? phase : match.phase,
          ...(scored ? { team1MapScore: t1, team2MapScore: t2 } : {}),
        });
      }
    });
    ctx.live.matches(match.slug);
    return { applied: true, message: 'applied' };
  };
}
