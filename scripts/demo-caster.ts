// The stage crew of `npm run demo:lan -- --side-cup` (API.md decision 76). The organiser puts the main
// event's final matches on stage as soon as they exist: they wait for the server tagged `stage`, and
// the plugin holds them in warmup there. The caster, listed in the settings' casters, presses Go a few
// seconds after such a match is ready (loaded, its config fetched) and again before each later map of a
// series, and the console says so.
import type { MatchRecord } from '../server/features/matches/index.js';
import type { Principal } from '../server/auth/principal.js';
import type { Demo } from './demo-setup.js';
import { waitingForNextMap } from '../shared/domain/match-lifecycle.js';

export const DEMO_CASTER = { platformId: '76561198000099999', name: 'Demo Caster' };
/** How long the caster lets a ready stage match wait in warmup before Go (the real one talks first). */
export const GO_AFTER_MS = 5000;
const CHECK_EVERY_MS = 500;
/** What the console calls the last round of each elimination bracket. */
const FINAL_OF: Record<string, string> = {
  UB: 'the upper final',
  LB: 'the lower final',
  GF: 'the grand final',
  GF2: 'the grand final reset',
  SE: 'the final',
};

/** "the upper final (UB R3 M1)"; "the grand final" where the label says no more. */
function nameOf(m: MatchRecord): string {
  const name = FINAL_OF[m.bracket]!;
  return name.endsWith(m.label.toLowerCase()) ? name : `${name} (${m.label})`;
}

/**
 * The final matches of an elimination bracket: the last round of each bracket (upper final, lower
 * final, grand final; a single elimination's final). Groups, round robin and Swiss have none.
 */
export function finalMatchesOf(matches: readonly MatchRecord[]): MatchRecord[] {
  const elimination = matches.filter((m) => m.bracket in FINAL_OF && !m.isBye);
  const lastRound = new Map<string, number>();
  for (const m of elimination) {
    lastRound.set(m.bracket, Math.max(lastRound.get(m.bracket) ?? 0, m.round));
  }
  return elimination.filter((m) => m.round === lastRound.get(m.bracket));
}

/**
 * One Go of a stage match's map (0: the first). `readyAt`: when the caster saw it ready in warmup;
 * `pressedAt`: before the press (ms).
 */
export interface GoPress {
  slug: string;
  serverId: string | null;
  map: number;
  readyAt: number;
  pressedAt: number;
}

/**
 * Watches tournament `tournamentId`: puts its final matches on stage and starts each of their maps
 * `goAfterMs` after it is ready. `presses` lists every start; `stop` ends the watch.
 */
export async function startDemoCaster(
  demo: Pick<Demo, 'running' | 'fakes' | 'serverIds'>,
  options: { tournamentId: number; goAfterMs?: number },
  say: (line: string) => void,
): Promise<{ presses: GoPress[]; stop(): void }> {
  const { services } = demo.running.app;
  const { repos } = demo.running.app.ctx;
  const goAfterMs = options.goAfterMs ?? GO_AFTER_MS;
  const casters = services.settings.read().casters.filter((c) => c.platformId !== DEMO_CASTER.platformId);
  await services.settings.update({ casters: [...casters, DEMO_CASTER] });
  const caster: Principal = {
    kind: 'session',
    role: 'player',
    platformId: DEMO_CASTER.platformId,
    sessionId: 'demo-caster',
  };
  const handled = new Set<string>();
  /** When each map of a stage match (`slug#map`) was first seen ready in warmup. */
  const readySince = new Map<string, number>();
  const presses: GoPress[] = [];
  let checking = false;
  const timer = setInterval(() => {
    if (checking) {
      return;
    }
    checking = true;
    void check()
      .catch((err: Error) => say(`caster: ${err.message}`))
      .finally(() => (checking = false));
  }, CHECK_EVERY_MS);

  /** The ms since map `map` of `m` was first seen ready, and when that was. */
  function readyFor(m: MatchRecord, map: number): { readyAt: number; waited: number } {
    const key = `${m.slug}#${map}`;
    const readyAt = readySince.get(key) ?? Date.now();
    readySince.set(key, readyAt);
    return { readyAt, waited: Date.now() - readyAt };
  }

  async function putOnStage(matches: MatchRecord[]): Promise<void> {
    for (const m of finalMatchesOf(matches)) {
      if (handled.has(m.slug)) {
        continue;
      }
      handled.add(m.slug);
      if (m.status === 'pending' || m.status === 'ready') {
        await services.stageQueue.setOnStage(m.slug, true);
        say(`Stage: ${nameOf(m)} goes on the stage server and waits there for the casters' Go.`);
      } else {
        say(`Stage: ${nameOf(m)} was ${m.status} before it could go on stage; it plays where it is.`);
      }
    }
  }

  /** Go: map `map` of a stage match, held in warmup on the stage server until the casters start it. */
  async function pressGo(m: MatchRecord, map: number): Promise<void> {
    const { readyAt, waited } = readyFor(m, map);
    if (waited < goAfterMs) {
      return;
    }
    const pressedAt = Date.now();
    await services.stageQueue.go(m.slug, caster);
    presses.push({ slug: m.slug, serverId: m.serverId, map, readyAt, pressedAt });
    say(
      `${DEMO_CASTER.name}: "Go!" ${map === 0 ? '' : `Map ${map + 1} of `}${nameOf(m)} starts on ${m.serverId} after ${seconds(waited)} in warmup.`,
    );
  }

  async function check(): Promise<void> {
    const matches = (await repos.matches.list()).filter((m) => m.tournamentId === options.tournamentId);
    await putOnStage(matches);
    for (const m of matches.filter((x) => x.onStage)) {
      if (m.status === 'loaded' && m.goAt === null) {
        if ((await services.loading.currentLoad(m.slug))?.fetchedAt) {
          await pressGo(m, 0);
        }
      } else if (waitingForNextMap(m)) {
        await pressGo(m, m.team1SeriesScore + m.team2SeriesScore);
      }
    }
  }

  return { presses, stop: () => clearInterval(timer) };
}

const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;
