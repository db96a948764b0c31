import { describe, expect, it } from 'vitest';
import { addTeams, createTestApp } from '../helpers/app.js';

describe('closing the app', () => {
  it('right after a change: the ETA refresh due after it does not read the closed database', async () => {
    const app = createTestApp();
    const [team1Id, team2Id] = addTeams(app, 2);
    // Creating a match publishes it, which schedules an ETA refresh for the next turn of the loop.
    app.services.matches.createManual({ team1Id: team1Id!, team2Id: team2Id!, format: 'bo1', veto: true });
    app.close();
    const uncaught: unknown[] = [];
    const remember = (err: unknown) => uncaught.push(err);
    process.on('uncaughtException', remember);
    try {
      // Longer than the window in which changes share one refresh.
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      process.off('uncaughtException', remember);
    }
    expect(uncaught).toEqual([]);
  });
});
