// The event the README gallery shows: the LAN demo (scripts/demo-setup.ts) played fast to the middle of
// its playoffs, then every fake server frozen in the middle of a map, so the screenshots catch live
// scoreboards, a half-played bracket and finished groups, and nothing moves while they are taken.
import { startDemo, type Demo } from './demo-setup.js';
import { progressLine, readDemo, type DemoSnapshot } from './demo-watch.js';
import { waitFor } from '../test/helpers/wait.js';

/** Playoff matches done before the servers freeze: 5 of the 14, the upper bracket's first round and one more. */
const PLAYOFFS_DONE = 5;
/**
 * Rounds played on a map (in its live phase) before its server freezes: the scoreboard has numbers. The map
 * stops a few rounds later, once the round events already on their way have arrived.
 */
const ROUNDS_BEFORE_FREEZE = 5;
/**
 * A host_timescale so small that game time stands still while the browser looks, yet large enough that a
 * round's timers stay within what setTimeout accepts (2^31 ms).
 */
const FROZEN = 1e-5;

export interface GalleryEvent {
  demo: Demo;
  snapshot: DemoSnapshot;
}

const playoffsDone = (s: DemoSnapshot) =>
  s.matches.filter((m) => m.stage === 'playoffs' && m.status === 'completed').length;

/** Starts the demo and waits until the playoffs are under way with every server frozen mid-map. */
export async function galleryEvent(): Promise<GalleryEvent> {
  const demo = await startDemo({
    port: 0,
    servers: 4,
    teams: 16,
    type: 'groups_playoffs',
    format: 'bo1',
    speed: 6000,
    plugin: '1.4.21',
    teamSize: 5,
    // Each server plays its own seeded script (demo-setup): a run looks much like the last one, though which
    // server plays which match, and so some results, depend on timing.
    fake: { bootstrapDebounceMs: 20, serverHealthIntervalSeconds: 0, demoSizeBytes: 64 * 1024 },
  });
  let last: DemoSnapshot | undefined;
  const seen = () => (last ? progressLine(last, Date.now() / 1000) : 'nothing yet');
  try {
    await waitFor(
      async () => {
        last = await readDemo(demo.url);
        return playoffsDone(last) >= PLAYOFFS_DONE;
      },
      {
        message: () => `${PLAYOFFS_DONE} playoff matches done; last seen: ${seen()}`,
        timeoutMs: 600_000,
        intervalMs: 200,
      },
    );
    const frozen = new Set<string>();
    await waitFor(
      async () => {
        last = await readDemo(demo.url);
        for (const m of last.matches) {
          const index = m.serverId ? demo.serverIds.indexOf(m.serverId) : -1;
          const midMap =
            m.status === 'live' &&
            m.phase === 'live' &&
            m.team1MapScore + m.team2MapScore >= ROUNDS_BEFORE_FREEZE;
          if (index >= 0 && midMap && !frozen.has(m.serverId!)) {
            demo.fakes[index]!.clock.setTimescale(FROZEN);
            frozen.add(m.serverId!);
          }
        }
        // Done when every match being played is frozen and no other is about to start.
        const playing = last.matches.filter((m) => m.status === 'live' || m.status === 'loaded');
        const settled =
          last.waiting.length === 0 && playing.every((m) => m.serverId && frozen.has(m.serverId));
        return settled && frozen.size >= 2;
      },
      {
        message: () => `the live matches frozen mid-map; last seen: ${seen()}`,
        timeoutMs: 300_000,
        intervalMs: 50,
      },
    );
    // The last round_end before the freeze may still be on its way: read what the pages will show.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    return { demo, snapshot: await readDemo(demo.url) };
  } catch (err) {
    await demo.stop();
    throw err;
  }
}
