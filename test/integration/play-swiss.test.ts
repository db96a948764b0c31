import { describe, expect, it } from 'vitest';
import type { MatchConfig, MatchScript } from '../fakes/index.js';
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
  matchid: number;
  label: string;
  round: number;
  status: string;
  displayStatus: string;
  team1: { id: string } | null;
  team2: { id: string } | null;
  winnerId: string | null;
  maps: { team1Score: number; team2Score: number; winner: string | null; decidedBy: string | null }[];
}

interface Standing {
  teamId: string;
  name: string;
  wins: number;
  losses: number;
  draws: number;
  byes: number;
  buchholz: number;
  roundDifference: number;
  seed: number;
  rank: number;
  record: string;
  state: string;
}

const seedOf = (team: { id: string }) => Number(team.id.replace('team', ''));

/** The standings API.md decision 21 asks for, worked out from the played matches alone. */
function expectedStandings(
  matches: readonly Match[],
  teamIds: readonly string[],
): Omit<Standing, 'rank' | 'name' | 'record' | 'state'>[] {
  const rows = new Map(
    teamIds.map((teamId, i) => [
      teamId,
      {
        teamId,
        wins: 0,
        losses: 0,
        draws: 0,
        byes: 0,
        roundDifference: 0,
        seed: i + 1,
        opponents: [] as string[],
      },
    ]),
  );
  for (const m of matches) {
    if (m.team2 === null) {
      const row = rows.get(m.team1!.id)!;
      row.wins += 1;
      row.byes += 1;
      continue;
    }
    const [one, two] = [rows.get(m.team1!.id)!, rows.get(m.team2.id)!];
    one.opponents.push(two.teamId);
    two.opponents.push(one.teamId);
    const rounds = m.maps.reduce((sum, map) => sum + map.team1Score - map.team2Score, 0);
    one.roundDifference += rounds;
    two.roundDifference -= rounds;
    if (m.winnerId === null) {
      one.draws += 1;
      two.draws += 1;
    } else {
      rows.get(m.winnerId)!.wins += 1;
      rows.get(m.winnerId === one.teamId ? two.teamId : one.teamId)!.losses += 1;
    }
  }
  return [...rows.values()]
    .map(({ opponents, ...row }) => ({
      ...row,
      buchholz: opponents.reduce((sum, id) => sum + rows.get(id)!.wins, 0),
    }))
    .sort(
      (a, b) =>
        b.wins - a.wins ||
        a.losses - b.losses ||
        b.buchholz - a.buchholz ||
        b.roundDifference - a.roundDifference ||
        a.seed - b.seed,
    );
}

describe('7-team Swiss bo1 on fake game servers', () => {
  it('gives one bye per round to different teams, counts a drawn map as a draw, ranks and crowns', async () => {
    const matchday = await startMatchday();
    const server = matchday;
    const teamIds = await postTeams(server, 7);
    await server.request('POST', '/api/tournament', {
      body: {
        name: 'Swiss Cup',
        type: 'swiss',
        format: 'bo1',
        teamIds,
        settings: {
          veto: false,
          seeding: 'manual',
          maxRounds: 4,
          overtimeMode: 'disabled_draw',
          teamSize: TEAM_SIZE,
        },
      },
    });
    expect((await server.request('POST', '/api/tournament/start', { body: { force: true } })).status).toBe(
      200,
    );
    const bracket = async () =>
      (await server.request('GET', '/api/tournament/bracket', { token: null })).body;

    // The better seed wins, except the first match of round 2: a 2-2 map, a draw whatever the damage says.
    const labels = new Map(((await bracket()).matches as Match[]).map((m) => [m.matchid, m.label]));
    const script = (config: MatchConfig): MatchScript => {
      if (labels.get(config.matchId) === 'Swiss R2 M1') {
        return { maps: [{ score: [2, 2], damageLeader: 'team1' }] };
      }
      // A wide seed gap is a 3-0, a close one 3-1, so round difference tells teams apart.
      const gap = seedOf(config.team2) - seedOf(config.team1);
      const loserRounds = Math.abs(gap) >= 3 ? 0 : 1;
      return { maps: [{ score: gap > 0 ? [3, loserRounds] : [loserRounds, 3] }] };
    };
    await addFakeServers(server, 3, fakes, { script });

    const champion = (await waitForChampion(server)).winner;
    const { matches, swissStandings, rounds } = (await bracket()) as {
      matches: Match[];
      swissStandings: Standing[];
      rounds: number;
    };
    expect(rounds).toBe(3);
    expect(matches.every((m) => m.status === 'completed')).toBe(true);

    // One bye per round, never twice to the same team; no pair meets twice.
    const byes = matches.filter((m) => m.team2 === null);
    expect(byes.map((m) => m.round)).toEqual([1, 2, 3]);
    expect(byes.every((m) => m.displayStatus === 'BYE' && m.winnerId === m.team1!.id)).toBe(true);
    expect(new Set(byes.map((m) => m.team1!.id)).size).toBe(3);
    const pairs = matches
      .filter((m) => m.team2 !== null)
      .map((m) => [m.team1!.id, m.team2!.id].sort().join());
    expect(new Set(pairs).size).toBe(pairs.length);

    const drawn = matches.find((m) => m.label === 'Swiss R2 M1')!;
    expect(drawn).toMatchObject({ status: 'completed', winnerId: null });
    expect(drawn.maps).toMatchObject([{ team1Score: 2, team2Score: 2, winner: null, decidedBy: null }]);

    const expected = expectedStandings(matches, teamIds);
    expect(
      swissStandings.map(({ rank: _rank, name: _name, record: _record, state: _state, ...row }) => row),
    ).toEqual(expected);
    // Fixed rounds decide nobody (decision 77); the record counts draws as a third number.
    for (const s of swissStandings) {
      expect([s.record, s.state]).toEqual([
        s.draws > 0 ? `${s.wins}-${s.losses}-${s.draws}` : `${s.wins}-${s.losses}`,
        'playing',
      ]);
    }
    expect(swissStandings.map((s) => s.rank)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    for (const id of [drawn.team1!.id, drawn.team2!.id]) {
      expect(swissStandings.find((s) => s.teamId === id)!.draws).toBe(1);
    }
    expect(swissStandings.reduce((sum, s) => sum + s.byes, 0)).toBe(3);
    expect(champion.id).toBe(swissStandings[0]!.teamId);

    const { id } = (await bracket()).tournament;
    const leaderboard = await server.request('GET', `/api/tournament/${id}/leaderboard`, { token: null });
    expect(leaderboard.body.entries.map((e: { teamId: string }) => e.teamId)).toEqual(
      swissStandings.map((s) => s.teamId),
    );
  }, 120_000);
});
