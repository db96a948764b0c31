import { describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers/server.js';
import { teamsForEachTournament } from '../helpers/team-event.js';
import { paths, type StageMatch } from '../helpers/stage-cup.js';

const playerOf = (i: number) => String(76561198200000000n + BigInt(i));

interface Standing {
  teamId: string;
  wins: number;
  losses: number;
  record: string;
  state: string;
  qualified?: boolean;
}

interface Bracket {
  tournament: { status: string; winner: { id: string } | null; settings: Record<string, unknown> };
  matches: StageMatch[];
  stages: { kind: string; groups?: { name: string; standings: Standing[] }[] }[];
  swissStandings: Standing[];
}

let server: TestServer;
const teamIds: string[] = [];

teamsForEachTournament(
  16,
  (i) => ({
    id: `v${i + 1}`,
    name: `Valve ${i + 1}`,
    players: [{ platformId: playerOf(i + 1), name: `p${i + 1}` }],
  }),
  (s, ids) => {
    server = s;
    teamIds.push(...ids);
  },
);

const bracket = async (): Promise<Bracket> =>
  (await server.request('GET', '/api/tournament/bracket', { token: null })).body;
const seed = (team: { id: string } | null) => Number(team!.id.slice(1));

/** Decides every open match of `stage` with both teams known, the better seed winning, round by round. */
async function playStage(stage: string): Promise<void> {
  for (;;) {
    const open = (await bracket()).matches.filter(
      (m) => m.stage === stage && m.team1 && m.team2 && m.status !== 'completed',
    );
    if (open.length === 0) {
      return;
    }
    for (const m of open) {
      const winner = seed(m.team1) < seed(m.team2) ? 'team1' : 'team2';
      const res = await server.request('POST', `/api/matches/${m.slug}/winner`, { body: { winner } });
      expect(res.status, m.label).toBe(200);
    }
  }
}

const valve = { advanceAt: 3, eliminateAt: 3, deciderFormat: 'bo3' };

describe('Valve-style Swiss (decision 77)', () => {
  it('plays 16 teams at 3 wins / 3 losses: decided teams sit out, deciders are bo3, 8 advance', async () => {
    const created = await server.request('POST', '/api/tournament', {
      body: { name: 'Major', type: 'swiss', format: 'bo1', teamIds, settings: { veto: false, ...valve } },
    });
    expect(created.status).toBe(201);
    expect(created.body.tournament.settings).toMatchObject(valve);
    expect((await server.request('POST', '/api/tournament/start', { body: { force: true } })).status).toBe(
      200,
    );
    expect((await bracket()).matches).toHaveLength(5 * 8);

    await playStage('main');
    const done = await bracket();
    const perRound = [1, 2, 3, 4, 5].map((r) =>
      done.matches.filter((m) => m.label.startsWith(`Swiss R${r} `)),
    );
    // The slots decided teams no longer need are gone.
    expect(perRound.map((ms) => ms.length)).toEqual([8, 8, 8, 6, 3]);
    expect(perRound[0]!.every((m) => m.format === 'bo1')).toBe(true);
    expect(perRound[2]!.filter((m) => m.format === 'bo3')).toHaveLength(4);
    expect(perRound[4]!.every((m) => m.format === 'bo3' && m.settings.matchFormat === 'bo3')).toBe(true);

    const table = done.swissStandings;
    expect(table.filter((s) => s.state === 'advanced')).toHaveLength(8);
    expect(table.filter((s) => s.state === 'eliminated')).toHaveLength(8);
    expect(table.map((s) => s.record)).toEqual([
      '3-0',
      '3-0',
      '3-1',
      '3-1',
      '3-1',
      '3-2',
      '3-2',
      '3-2',
      '2-3',
      '2-3',
      '2-3',
      '1-3',
      '1-3',
      '1-3',
      '0-3',
      '0-3',
    ]);
    expect(done.tournament.status).toBe('completed');
    expect(done.tournament.winner?.id).toBe('v1');
  });

  it('plays Swiss groups through to the playoffs, seeding the advanced teams by record', async () => {
    const created = await server.request('POST', '/api/tournament', {
      body: {
        name: 'Groups',
        type: 'groups_playoffs',
        format: 'bo1',
        teamIds,
        settings: { veto: false },
        stages: [
          {
            kind: 'groups',
            type: 'swiss',
            groupCount: 2,
            advancePerGroup: 4,
            advanceAt: 2,
            eliminateAt: 2,
            deciderFormat: 'bo3',
          },
          { kind: 'playoffs', type: 'single_elimination' },
        ],
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.tournament.stages[0]).toMatchObject({
      advanceAt: 2,
      eliminateAt: 2,
      deciderFormat: 'bo3',
      swissRounds: 3,
    });
    expect((await server.request('POST', '/api/tournament/start', { body: { force: true } })).status).toBe(
      200,
    );
    await playStage('groups');

    const view = await bracket();
    const groups = view.stages.find((s) => s.kind === 'groups')!.groups!;
    for (const group of groups) {
      expect(group.standings.map((s) => [s.record, s.state, s.qualified])).toEqual([
        ['2-0', 'advanced', true],
        ['2-0', 'advanced', true],
        ['2-1', 'advanced', true],
        ['2-1', 'advanced', true],
        ['1-2', 'eliminated', false],
        ['1-2', 'eliminated', false],
        ['0-2', 'eliminated', false],
        ['0-2', 'eliminated', false],
      ]);
    }
    // Group A's 2-0 teams hold the top seats: A#1 meets B#4, B#1 meets A#4 (decision 28).
    const first = view.matches.filter((m) => m.stage === 'playoffs' && m.label.startsWith('R1 '));
    expect(first.every((m) => m.team1 && m.team2)).toBe(true);
    const a = groups[0]!.standings.map((s) => s.teamId);
    expect(first[0]!.team1!.id).toBe(a[0]);

    await playStage('playoffs');
    const end = await bracket();
    expect(end.tournament.status).toBe('completed');
    expect(end.tournament.winner?.id).toBe('v1');
  });

  it('refuses settings that do not fit with 400 naming the field', async () => {
    const refused = async (body: Record<string, unknown>) => {
      const res = await server.request('POST', '/api/tournament', {
        body: { name: 'Bad', type: 'swiss', teamIds, ...body },
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      return paths(res);
    };
    expect(await refused({ settings: { advanceAt: 3 } })).toEqual(['settings.eliminateAt']);
    expect(await refused({ settings: { ...valve, swissRounds: 4 } })).toEqual(['settings.swissRounds']);
    expect(await refused({ settings: { deciderFormat: 'bo3' } })).toEqual(['settings.deciderFormat']);
    expect(await refused({ settings: { ...valve, overtimeMode: 'disabled_draw' } })).toEqual([
      'settings.overtimeMode',
    ]);
    expect(await refused({ settings: { advanceAt: 0, eliminateAt: 3 } })).toEqual(['settings.advanceAt']);
    expect(await refused({ type: 'single_elimination', settings: valve })).toEqual([
      'settings.advanceAt',
      'settings.eliminateAt',
      'settings.deciderFormat',
    ]);
    expect(
      await refused({
        type: 'groups_playoffs',
        stages: [
          { kind: 'groups', type: 'round_robin', groupCount: 2, advancePerGroup: 2, advanceAt: 2 },
          { kind: 'playoffs', type: 'single_elimination' },
        ],
      }),
    ).toEqual(['stages.0.advanceAt']);
  });
});
