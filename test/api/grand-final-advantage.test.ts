import { describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers/server.js';
import { teamsForEachTournament } from '../helpers/team-event.js';
import { groups, paths, playoffs, type StageMatch } from '../helpers/stage-cup.js';

const playerOf = (i: number) => String(76561198310000000n + BigInt(i));

let server: TestServer;
const teamIds: string[] = [];

teamsForEachTournament(
  8,
  (i) => ({
    id: `g${i + 1}`,
    name: `Grand ${i + 1}`,
    players: [{ platformId: playerOf(i + 1), name: `p${i + 1}` }],
  }),
  (s, ids) => {
    server = s;
    teamIds.push(...ids);
  },
);

const FIELD = 'settings.grandFinalMapAdvantage';

const create = (body: Record<string, unknown>) =>
  server.request('POST', '/api/tournament', {
    body: { name: 'Grand', type: 'double_elimination', format: 'bo3', teamIds: teamIds.slice(0, 4), ...body },
  });

describe('grandFinalMapAdvantage (decision 78)', () => {
  it.each([
    ['a bo1 grand final', { format: 'bo1', settings: { grandFinalMapAdvantage: true } }, /bo1/],
    [
      'a bo1 grand final by its round key',
      { settings: { grandFinalMapAdvantage: true, rounds: { grand_final: { format: 'bo1' } } } },
      /bo1/,
    ],
    ['no grand final', { settings: { grandFinalMapAdvantage: true, grandFinalMode: 'none' } }, /none/],
    ['a bracket reset', { settings: { grandFinalMapAdvantage: true, grandFinalMode: 'double' } }, /double/],
    [
      'a single elimination',
      { type: 'single_elimination', settings: { grandFinalMapAdvantage: true } },
      /double elimination/,
    ],
    [
      'single elimination playoffs',
      {
        type: 'groups_playoffs',
        teamIds,
        settings: { grandFinalMapAdvantage: true },
        stages: [groups({ groupCount: 2, advancePerGroup: 2 }), playoffs()],
      },
      /double elimination/,
    ],
  ])('is refused with %s: 400 naming the field', async (_what, body, why) => {
    const refused = await create(body);
    expect([refused.status, refused.body.code, paths(refused)]).toEqual([400, 'VALIDATION_FAILED', [FIELD]]);
    expect(refused.body.details[0].message).toMatch(why);
  });

  it('is refused when an edit turns the grand final into a bracket reset', async () => {
    expect((await create({ settings: { grandFinalMapAdvantage: true } })).status).toBe(201);
    const refused = await server.request('PUT', '/api/tournament', {
      body: { settings: { grandFinalMode: 'double' } },
    });
    expect([refused.status, paths(refused)]).toEqual([400, [FIELD]]);
  });

  it('gives the first grand final of double elimination playoffs to the upper-bracket team one map up', async () => {
    const created = await create({
      type: 'groups_playoffs',
      teamIds,
      format: 'bo1',
      settings: { grandFinalMapAdvantage: true },
      stages: [
        groups({ groupCount: 2, advancePerGroup: 2 }),
        playoffs({ type: 'double_elimination', format: 'bo3' }),
      ],
    });
    expect(created.status).toBe(201);
    expect(created.body.tournament.settings.grandFinalMapAdvantage).toBe(true);
  });

  it('starts the grand final at 1:0 for team 1 (the upper-bracket seat); every other match at 0:0', async () => {
    expect((await create({ settings: { grandFinalMapAdvantage: true } })).status).toBe(201);
    expect((await server.request('POST', '/api/tournament/start', { body: { force: true } })).status).toBe(
      200,
    );
    const { matches } = (await server.request('GET', '/api/tournament/bracket', { token: null })).body as {
      matches: (StageMatch & {
        mapAdvantage: string | null;
        team1SeriesScore: number;
        team2SeriesScore: number;
      })[];
    };
    const grandFinal = matches.find((m) => m.bracket === 'GF')!;
    expect([grandFinal.mapAdvantage, grandFinal.team1SeriesScore, grandFinal.team2SeriesScore]).toEqual([
      'team1',
      1,
      0,
    ]);
    const others = matches.filter((m) => m.bracket !== 'GF');
    expect(others.length).toBeGreaterThan(0);
    for (const m of others) {
      expect([m.mapAdvantage, m.team1SeriesScore, m.team2SeriesScore]).toEqual([null, 0, 0]);
    }
    // The veto runs as for the bo3 and says the series starts one map up.
    const veto = await server.request('GET', `/api/veto/${grandFinal.slug}`, { token: null });
    expect([veto.status, veto.body.veto.format, veto.body.veto.mapAdvantage]).toEqual([200, 'bo3', 'team1']);
    const first = await server.request('GET', `/api/veto/${others[0]!.slug}`, { token: null });
    expect(first.body.veto.mapAdvantage).toBeNull();
    const one = await server.request('GET', `/api/matches/${grandFinal.slug}`, { token: null });
    expect([one.status, one.body.match.mapAdvantage]).toEqual([200, 'team1']);
  });

  it('is off by default: a double elimination grand final starts at 0:0', async () => {
    const created = await create({ settings: {} });
    expect(created.status).toBe(201);
    expect(created.body.tournament.settings.grandFinalMapAdvantage).toBeUndefined();
    expect((await server.request('POST', '/api/tournament/start', { body: { force: true } })).status).toBe(
      200,
    );
    const { matches } = (await server.request('GET', '/api/tournament/bracket', { token: null })).body as {
      matches: (StageMatch & { mapAdvantage: string | null; team1SeriesScore: number })[];
    };
    const grandFinal = matches.find((m) => m.bracket === 'GF')!;
    expect([grandFinal.mapAdvantage, grandFinal.team1SeriesScore]).toEqual([null, 0]);
  });
});
