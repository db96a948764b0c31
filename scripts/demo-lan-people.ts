// The people of `npm run demo:lan` (scripts/demo-lan.ts). A late team: Team 2's players reach the
// server a minute and a half after the others in the first map of each of its matches, while its join
// clock (API.md decision 59) counts down on /me and the match page (`--no-late-team`: on time). A team
// that goes home: Team 3 is withdrawn (decision 61) right after its first loss, so its later matches
// become walkovers (`--no-leaving-team`: it stays).
import type { FakeGameServerOptions } from '../test/fakes/index.js';
import { playersOf, type Demo } from './demo-setup.js';

/** The flags this file reads; demo-lan.ts adds them to its own. */
export const PEOPLE_FLAGS = {
  'no-late-team': { type: 'boolean', default: false },
  'no-leaving-team': { type: 'boolean', default: false },
} as const;

/** How late the late team is, in real seconds (its clock runs 10 minutes by default). */
const LATE_SECONDS = 90;

/**
 * What the fakes play for the late team: its players connect last, `LATE_SECONDS` of real time late
 * (the fakes count game seconds: `speed` of them a real second).
 */
export function lateTeamScript(
  flags: { 'no-late-team'?: boolean },
  speed: number,
  teamSize: number,
): FakeGameServerOptions['script'] {
  if (flags['no-late-team']) {
    return {};
  }
  const steamids = playersOf(2, teamSize).map((p) => p.platformId);
  return { late: { steamids, afterGameSeconds: LATE_SECONDS * speed } };
}

const LEAVING_TEAM = 'Team 3';
const CHECK_EVERY_MS = 2000;

/** Watches the event and withdraws the leaving team after its first loss; `stop` ends the watch. */
export function startDemoPeople(
  demo: Pick<Demo, 'running'>,
  flags: { 'no-leaving-team'?: boolean },
  say: (line: string) => void,
): { stop(): void } {
  if (flags['no-leaving-team']) {
    return { stop: () => undefined };
  }
  const { services } = demo.running.app;
  const { repos } = demo.running.app.ctx;
  let checking = false;
  const timer = setInterval(() => {
    if (checking) {
      return;
    }
    checking = true;
    void leaveAfterFirstLoss()
      .catch((err: Error) => say(`leaving team: ${err.message}`))
      .finally(() => (checking = false));
  }, CHECK_EVERY_MS);

  async function leaveAfterFirstLoss(): Promise<void> {
    const team = (await repos.teams.list()).find((t) => t.name === LEAVING_TEAM);
    if (!team) {
      clearInterval(timer);
      return;
    }
    const lost = (await repos.matches.list()).find(
      (m) =>
        m.status === 'completed' &&
        m.winnerId !== null &&
        m.winnerId !== team.id &&
        (m.team1Id === team.id || m.team2Id === team.id),
    );
    if (!lost) {
      return;
    }
    clearInterval(timer);
    const { forfeited } = await services.tournament.withdraw(team.id, 'went home after its first loss', null);
    say(
      `${LEAVING_TEAM} lost ${lost.label} and went home: withdrawn, ${forfeited.length} match(es) forfeited now.`,
    );
  }

  return { stop: () => clearInterval(timer) };
}
