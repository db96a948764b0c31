import { describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers/server.js';
import { teamsForEachTournament } from '../helpers/team-event.js';
import { paths, POOL, type StageMatch } from '../helpers/stage-cup.js';

const playerOf = (i: number) => String(76561198300000000n + BigInt(i));

let server: TestServer;
const teamIds: string[] = [];

teamsForEachTournament(
  4,
  (i) => ({
    id: `d${i + 1}`,
    name: `Detail ${i + 1}`,
    players: [{ platformId: playerOf(i + 1), name: `p${i + 1}` }],
  }),
  (s, ids) => {
    server = s;
    teamIds.push(...ids);
  },
);

const matches = async (): Promise<StageMatch[]> =>
  (await server.request('GET', '/api/tournament/bracket', { token: null })).body.matches;

async function startCup(settings: Record<string, unknown>, format = 'bo1') {
  const created = await server.request('POST', '/api/tournament', {
    body: { name: 'Details', type: 'single_elimination', format, teamIds, settings },
  });
  expect(created.status).toBe(201);
  expect((await server.request('POST', '/api/tournament/start', { body: { force: true } })).status).toBe(200);
  return created.body.tournament;
}

describe('veto starter (decision 78)', () => {
  it('coin_toss: tossed once when the veto opens, stored, the winner bans first', async () => {
    const t = await startCup({ vetoStarter: 'coin_toss' });
    expect(t.settings.vetoStarter).toBe('coin_toss');
    const first = (await matches()).find((m) => m.label === 'R1 M1')!;
    const board = (await server.request('GET', `/api/veto/${first.slug}`, { token: null })).body.veto;
    expect(board.starterRule).toBe('coin_toss');
    expect(['team1', 'team2']).toContain(board.coinToss);
    expect(board.starter).toBe(board.coinToss);
    expect(board.currentTeam).toBe(board.starter);
    // Every reader sees the same toss.
    const again = (await server.request('GET', `/api/veto/${first.slug}`, { token: null })).body.veto;
    expect([again.coinToss, again.version]).toEqual([board.coinToss, board.version]);

    const other = board.starter === 'team1' ? 'team2' : 'team1';
    const refused = await server.request('POST', `/api/veto/${first.slug}/action`, {
      body: { action: 'ban', map: POOL[0], team: other },
    });
    expect([refused.status, refused.body.code]).toEqual([409, 'VETO_NOT_YOUR_TURN']);
    const banned = await server.request('POST', `/api/veto/${first.slug}/action`, {
      body: { action: 'ban', map: POOL[0] },
    });
    expect(banned.status).toBe(200);
    expect(banned.body.veto.history[0].team).toBe(board.starter);
  });

  it('higher_seed: the better seed starts, whichever side it is on', async () => {
    await startCup({ vetoStarter: 'higher_seed' });
    for (const m of (await matches()).filter((x) => x.label.startsWith('R1 '))) {
      const board = (await server.request('GET', `/api/veto/${m.slug}`, { token: null })).body.veto;
      const better = teamIds.indexOf(m.team1!.id) < teamIds.indexOf(m.team2!.id) ? 'team1' : 'team2';
      expect([board.starterRule, board.starter, board.coinToss]).toEqual(['higher_seed', better, null]);
    }
  });

  it('refuses an unknown starter rule', async () => {
    const bad = async (settings: Record<string, unknown>) =>
      server.request('POST', '/api/tournament', {
        body: { name: 'Bad', type: 'single_elimination', teamIds, settings },
      });
    const unknown = await bad({ vetoStarter: 'loser' });
    expect([unknown.status, paths(unknown)]).toEqual([400, ['settings.vetoStarter']]);
  });
});

describe('a pool as large as the best-of (decision 78)', () => {
  it('plays its maps in pool order with no veto; a pool of another size still needs 7', async () => {
    const finalPool = ['de_nuke', 'de_ancient', 'de_mirage'];
    const refused = await server.request('POST', '/api/tournament', {
      body: {
        name: 'Bad',
        type: 'single_elimination',
        teamIds,
        settings: { rounds: { final: { format: 'bo3', mapPool: finalPool.slice(0, 2) } } },
      },
    });
    expect([refused.status, paths(refused)]).toEqual([400, ['settings.rounds.final.mapPool']]);

    await startCup({ rounds: { final: { format: 'bo3', mapPool: finalPool } } });
    for (const m of (await matches()).filter((x) => x.label.startsWith('R1 '))) {
      const res = await server.request('POST', `/api/matches/${m.slug}/winner`, {
        body: { winner: 'team1' },
      });
      expect(res.status).toBe(200);
    }
    const final = (await matches()).find((m) => m.label === 'Final')!;
    expect(final).toMatchObject({ format: 'bo3', mapPool: finalPool, status: 'ready' });
    expect((await server.request('GET', `/api/veto/${final.slug}`, { token: null })).status).toBe(404);
  });
});
