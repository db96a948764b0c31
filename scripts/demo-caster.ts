// The stage crew of `npm run demo:lan -- --side-cup` (API.md decision 76). The organiser puts the main
// event's final matches on stage as soon as they exist: they wait for the server tagged `stage`, and
// the plugin holds them in warmup there. The caster, listed in the settings' casters, presses Go a few
// seconds after such a match is ready (loaded, its config fetched) and the console says so.
import type { MatchRecord } from '../server/features/matches/index.js';
import type { Principal } from '../server/auth/principal.js';
import type { Demo } from './demo-setup.js';

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

/** One press of Go: when the caster saw the match ready, and when Go was pressed (ms). */
export interface GoPress {
  slug: string;
  serverId: string | null;
  readyAt: number;
  pressedAt: number;
}

/**
 * Watches tournament `tournamentId`: puts its final matches on stage and presses Go `goAfterMs` after
 * each is ready. `presses` lists every Go; `stop` ends the watch.
 */
export async function startDemoCaster(
  demo: Pick<Demo, 'running'>,
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

  async function check(): Promise<void> {
    const matches = (await repos.matches.list()).filter((m) => m.tournamentId === options.tournamentId);
    for (const m of finalMatchesOf(matches)) {
      if (handled.has(m.slug)) {
        continue;
      }
      handled.add(m.slug);
      const name = `${FINAL_OF[m.bracket]} (${m.label})`;
      if (m.status === 'pending' || m.status === 'ready') {
        await services.stageQueue.setOnStage(m.slug, true);
        say(`Stage: ${name} goes on the stage server and waits there for the casters' Go.`);
      } else {
        say(`Stage: ${name} was ${m.status} before it could go on stage; it plays where it is.`);
      }
    }
    const now = Date.now();
    for (const m of matches.filter((x) => x.onStage && x.status === 'loaded' && x.goAt === null)) {
      const load = await services.loading.currentLoad(m.slug);
      if (!load?.fetchedAt) {
        continue;
      }
      const readyAt = readySince.get(m.slug) ?? now;
      readySince.set(m.slug, readyAt);
      if (now - readyAt < goAfterMs) {
        continue;
      }
      await services.stageQueue.go(m.slug, caster);
      presses.push({ slug: m.slug, serverId: m.serverId, readyAt, pressedAt: Date.now() });
      const waited = Math.round((Date.now() - readyAt) / 1000);
      say(
        `${DEMO_CASTER.name}: "Go!" ${FINAL_OF[m.bracket]} (${m.label}) starts on ${m.serverId} after ${waited} s ready in warmup.`,
      );
    }
  }

  return { presses, stop: () => clearInterval(timer) };
}
