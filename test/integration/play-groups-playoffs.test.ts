import { describe, expect, it } from 'vitest';
import {
  addFakeServers,
  postTeams,
  TEAM_SIZE,
  useMatchdayAndFakes,
  waitForChampion,
} from '../helpers/tournament-play.js';

const { fakes, startMatchday } = useMatchdayAndFakes();

interface Match {
  slug: string;
  label: string;
  stage: string;
  group: string | null;
  bracket: string;
  status: string;
  format: string;
  team1: { id: string } | null;
  team2: { id: string } | null;
  winnerId: string | null;
  maps: unknown[];
  loadedAt: number | null;
  completedAt: number | null;
}

describe('a two-stage tournament played by itself on fake game servers', () => {
  it('16 teams: bo1 round-robin groups, then bo3 double elimination with a bo5 grand final, to a champion', async () => {
    const matchday = await startMatchday();
    const server = matchday;
    const teamIds = await postTeams(server, 16);
    await addFakeServers(server, 8, fakes);
    expect(
      (
        await server.request('PUT', '/api/settings', {
          body: { simulateMatches: true, simulationTimescale: 10 },
        })
      ).status,
    ).toBe(200);
    const created = await server.request('POST', '/api/tournament', {
      body: {
        name: 'Stage Cup',
        type: 'groups_playoffs',
        format: 'bo1',
        teamIds,
        settings: { veto: true, maxRounds: 4, overtimeMode: 'disabled_tiebreak', teamSize: TEAM_SIZE },
        stages: [
          { kind: 'groups', type: 'round_robin', groupCount: 4, advancePerGroup: 2 },
          {
            kind: 'playoffs',
            type: 'double_elimination',
            format: 'bo3',
            grandFinalMode: 'simple',
            rounds: { grand_final: { format: 'bo5' } },
          },
        ],
      },
    });
    expect(created.status).toBe(201);
    const started = await server.request('POST', '/api/tournament/start', { body: { force: true } });
    expect(started.status).toBe(200);
    expect(started.body.warnings).toEqual([]);

    const champion = (await waitForChampion(server, 280_000)).winner;
    const bracket = (await server.request('GET', '/api/tournament/bracket', { token: null })).body;
    const matches: Match[] = bracket.matches;
    expect(bracket.tournament).toMatchObject({ status: 'completed', currentStage: null });
    expect(bracket.stages.map((s: { status: string }) => s.status)).toEqual(['completed', 'completed']);

    const groupMatches = matches.filter((m) => m.stage === 'groups');
    const playoffMatches = matches.filter((m) => m.stage === 'playoffs');
    expect(groupMatches).toHaveLength(24);
    // 8 teams in double elimination, simple grand final: 2n - 2 matches.
    expect(playoffMatches).toHaveLength(14);
    expect(matches.every((m) => m.status === 'completed' && m.winnerId !== null)).toBe(true);

    // Formats: bo1 groups, bo3 playoffs, bo5 grand final; each veto of its own length.
    for (const m of groupMatches) {
      expect(m).toMatchObject({ format: 'bo1', bracket: 'RR' });
      expect(m.maps).toHaveLength(1);
    }
    const grandFinal = playoffMatches.find((m) => m.bracket === 'GF')!;
    expect(grandFinal.format).toBe('bo5');
    expect(grandFinal.maps.length).toBeGreaterThanOrEqual(3);
    for (const m of playoffMatches.filter((x) => x !== grandFinal)) {
      expect(m.format, m.label).toBe('bo3');
      expect(m.maps.length, m.label).toBeGreaterThanOrEqual(2);
    }
    const steps = async (slug: string) =>
      (await server.request('GET', `/api/veto/${slug}`, { token: null })).body.veto.history.length;
    expect(await steps(groupMatches[0]!.slug)).toBe(7);
    expect(await steps(playoffMatches[0]!.slug)).toBe(9);
    expect(await steps(grandFinal.slug)).toBe(10);

    // The playoffs hold the top two of every group, seeded by group place, and start after the groups.
    const groups: { name: string; standings: { teamId: string; qualified: boolean }[] }[] =
      bracket.stages[0].groups;
    const qualified = groups.flatMap((g) => g.standings.filter((s) => s.qualified).map((s) => s.teamId));
    expect(qualified).toHaveLength(8);
    const firstRound = playoffMatches.filter((m) => m.label.startsWith('UB R1'));
    expect(firstRound.flatMap((m) => [m.team1!.id, m.team2!.id]).sort()).toEqual([...qualified].sort());
    const groupOf = new Map(groups.flatMap((g) => g.standings.map((s) => [s.teamId, g.name])));
    for (const m of firstRound) {
      expect(groupOf.get(m.team1!.id), m.label).not.toBe(groupOf.get(m.team2!.id));
    }
    const lastGroupEnd = Math.max(...groupMatches.map((m) => m.completedAt!));
    for (const m of playoffMatches) {
      expect(m.loadedAt!, m.label).toBeGreaterThanOrEqual(lastGroupEnd);
    }

    // The champion won the grand final and heads the leaderboard of all 16 teams.
    expect(champion.id).toBe(grandFinal.winnerId);
    const board = (
      await server.request('GET', `/api/tournament/${bracket.tournament.id}/leaderboard`, { token: null })
    ).body.entries;
    expect(board).toHaveLength(16);
    expect(board[0]).toMatchObject({ rank: 1, teamId: champion.id });
    const runnerUp = grandFinal.team1!.id === champion.id ? grandFinal.team2!.id : grandFinal.team1!.id;
    expect(board[1]).toMatchObject({ rank: 2, teamId: runnerUp });
    expect(board.slice(8).every((e: { teamId: string }) => !qualified.includes(e.teamId))).toBe(true);
  }, 300_000);
});
