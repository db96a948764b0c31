import { describe, expect, it, beforeAll } from 'vitest';
import { seededRandom } from '../../shared/domain/seed-order.js';
import { startTestServer } from '../helpers/server.js';
import { server, teamIds, playerOf, create, useTournamentServer } from '../helpers/tournament-api.js';

useTournamentServer();

describe('shuffle tournaments', () => {
  const pool = Array.from({ length: 9 }, (_, i) => playerOf(100 + i));

  beforeAll(async () => {
    const res = await server.request('POST', '/api/players', {
      body: pool.map((platformId, i) => ({ platformId, name: `shuffler ${i}`, rating: 1400 + i * 25 })),
    });
    expect(res.status).toBe(201);
  });

  it('draws balanced teams each round, ranks players, names the top player champion; reset removes the teams', async () => {
    const created = await server.request('POST', '/api/tournament', {
      body: { name: 'Mix Night', type: 'shuffle', settings: { veto: false, teamSize: 2, swissRounds: 2 } },
    });
    expect(created.status).toBe(201);
    expect((await server.request('POST', '/api/tournament/start', { body: { force: true } })).status).toBe(
      422,
    );
    const unknown = await server.request('POST', '/api/tournament/shuffle/players', {
      body: { platformIds: [pool[0], '76561198999999998'] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details[0].path).toBe('platformIds.1');
    const registered = await server.request('POST', '/api/tournament/shuffle/players', {
      body: { platformIds: pool },
    });
    expect(registered.body.count).toBe(9);
    expect((await server.request('POST', '/api/tournament/start', { body: { force: true } })).status).toBe(
      200,
    );

    for (const round of [1, 2]) {
      const matches = (await server.request('GET', '/api/tournament/bracket')).body.matches.filter(
        (m: { round: number }) => m.round === round,
      );
      // 9 players in teams of 2: four teams (an even count), one player sits out.
      expect(matches).toHaveLength(2);
      for (const m of matches) {
        expect(
          (await server.request('POST', `/api/matches/${m.slug}/winner`, { body: { winner: 'team1' } }))
            .status,
        ).toBe(200);
      }
    }
    const t = (await server.request('GET', '/api/tournament')).body.tournament;
    expect(t.status).toBe('completed');
    const board = (await server.request('GET', `/api/tournament/${t.id}/leaderboard`)).body.entries;
    expect(board).toHaveLength(9);
    expect(board[0]).toMatchObject({ rank: 1, playerId: t.winner.id, name: t.winner.name, wins: 2 });
    expect(board.every((e: { playerId?: string; teamId?: string }) => e.playerId && !e.teamId)).toBe(true);

    const teamsDuring = (await server.request('GET', '/api/teams')).body.count;
    await server.request('POST', '/api/tournament/reset');
    expect((await server.request('GET', '/api/teams')).body.count).toBe(teamsDuring - 8);
  });

  it('keeps the pool for shuffle tournaments only', async () => {
    await create({});
    const res = await server.request('POST', '/api/tournament/shuffle/players', {
      body: { platformIds: pool },
    });
    expect(res.status).toBe(422);
  });
});

describe('seeding and settings defaults', () => {
  const firstRound = async () =>
    (await server.request('GET', '/api/tournament/bracket')).body.matches
      .filter((m: { round: number; bracket: string }) => m.round === 1)
      .map((m: { team1: { id: string } | null; team2: { id: string } | null }) => [m.team1?.id, m.team2?.id]);

  it('random seeding stores its seed, so a reset and restart draws the same bracket', async () => {
    await create({ settings: { veto: false, seeding: 'random' } });
    const started = await server.request('POST', '/api/tournament/start', { body: { force: true } });
    const seed = started.body.tournament.settings.randomSeed;
    expect(Number.isInteger(seed)).toBe(true);
    const first = await firstRound();
    await server.request('POST', '/api/tournament/reset');
    await server.request('POST', '/api/tournament/start', { body: { force: true } });
    expect((await server.request('GET', '/api/tournament')).body.tournament.settings.randomSeed).toBe(seed);
    expect(await firstRound()).toEqual(first);
  });

  it("random seeding draws its seed from the app's random source, so a seeded source draws the same seed", async () => {
    const seeded = await startTestServer({ random: seededRandom(2024) });
    try {
      const ids = [];
      for (let i = 1; i <= 4; i++) {
        ids.push(
          (await seeded.request('POST', '/api/teams', { body: { name: `Seeded ${i}` } })).body.team.id,
        );
      }
      await seeded.request('POST', '/api/tournament', {
        body: {
          name: 'Seeded Cup',
          type: 'single_elimination',
          teamIds: ids,
          settings: { seeding: 'random' },
        },
      });
      const started = await seeded.request('POST', '/api/tournament/start', { body: { force: true } });
      expect(started.status).toBe(200);
      expect(started.body.tournament.settings.randomSeed).toBe(Math.floor(seededRandom(2024)() * 2 ** 31));
    } finally {
      await seeded.stop();
    }
  });

  it('rating seeding puts the strongest roster first', async () => {
    await server.request('PUT', `/api/players/${playerOf(4)}`, { body: { rating: 2400 } });
    await create({ settings: { veto: false, seeding: 'rating' } });
    await server.request('POST', '/api/tournament/start', { body: { force: true } });
    // Seed 1 (team 4) meets seed 4 in the first semi-final.
    expect((await firstRound())[0]).toContain(teamIds[3]);
    await server.request('PUT', `/api/players/${playerOf(4)}`, { body: { rating: 1500 } });
  });

  it('switching the type to double elimination applies the simple grand final', async () => {
    await create({ type: 'single_elimination', settings: { veto: false, grandFinalMode: 'none' } });
    const switched = await server.request('PUT', '/api/tournament', { body: { type: 'double_elimination' } });
    expect(switched.body.tournament.settings.grandFinalMode).toBe('simple');
    const chosen = await server.request('PUT', '/api/tournament', {
      body: { type: 'single_elimination', settings: { grandFinalMode: 'double' } },
    });
    expect(chosen.body.tournament.settings.grandFinalMode).toBe('double');
  });
});

describe('the two-team warning on saving a team', () => {
  it('counts only the teams of the current tournament once the team is in one', async () => {
    const outsider = await server.request('POST', '/api/teams', {
      body: { name: 'Outsiders', players: [{ platformId: playerOf(1), name: 'player 1' }] },
    });
    expect(outsider.body.warnings).toEqual([expect.stringContaining('Team 1')]);
    await create({ teamIds: [teamIds[0], teamIds[1]] });
    const resaved = await server.request('PUT', `/api/teams/${teamIds[0]}`, { body: { tag: 'ONE' } });
    expect(resaved.body.warnings).toEqual([]);
    const joined = await server.request('PUT', `/api/teams/${teamIds[1]}`, {
      body: { players: [{ platformId: playerOf(1), name: 'player 1' }] },
    });
    expect(joined.body.warnings).toEqual([expect.stringContaining('Team 1')]);
    // The shared teams as they were: other tests read them.
    await server.request('PUT', `/api/teams/${teamIds[0]}`, { body: { tag: '' } });
    await server.request('PUT', `/api/teams/${teamIds[1]}`, {
      body: { players: [{ platformId: playerOf(2), name: 'player 2' }] },
    });
    await server.request('DELETE', `/api/teams/${outsider.body.team.id}`);
  });
});
