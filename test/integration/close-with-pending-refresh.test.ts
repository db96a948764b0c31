import { describe, expect, it } from 'vitest';
import type { App } from '../../server/index.js';
import { addTeams, createTestApp } from '../helpers/app.js';

/** Errors thrown outside any test while `ms` pass (a timer reading a closed database). */
async function uncaughtWithin(ms: number): Promise<unknown[]> {
  const uncaught: unknown[] = [];
  const remember = (err: unknown) => uncaught.push(err);
  process.on('uncaughtException', remember);
  try {
    await new Promise((resolve) => setTimeout(resolve, ms));
  } finally {
    process.off('uncaughtException', remember);
  }
  return uncaught;
}

async function manualMatch(app: App): Promise<string> {
  const [team1Id, team2Id] = await addTeams(app, 2);
  // Creating a match publishes it, which schedules an ETA refresh shortly after.
  const match = await app.services.matches.createManual({
    team1Id: team1Id!,
    team2Id: team2Id!,
    format: 'bo1',
    veto: true,
  });
  return match.slug;
}

// Longer than the window in which changes share one ETA refresh.
const AFTER_REFRESH_WINDOW_MS = 500;

describe('closing the app', () => {
  it('right after a change: the ETA refresh due after it does not read the closed database', async () => {
    const app = await createTestApp();
    await manualMatch(app);
    await app.close();
    expect(await uncaughtWithin(AFTER_REFRESH_WINDOW_MS)).toEqual([]);
  });

  it('a server change announced after the close (a socket closing late) schedules no refresh', async () => {
    const app = await createTestApp();
    await manualMatch(app);
    await app.close();
    app.ctx.live.publish({ topic: 'server', serverId: 'lan-1', removed: false });
    expect(await uncaughtWithin(AFTER_REFRESH_WINDOW_MS)).toEqual([]);
  });
});
