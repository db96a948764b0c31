import { describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers/server.js';
import {
  addFakeServers,
  PLAY_WAIT,
  playerOf,
  TEAM_SIZE,
  teamOf,
  useMatchdayAndFakes,
} from '../helpers/tournament-play.js';
import { waitFor } from '../helpers/wait.js';

const { fakes, startMatchday } = useMatchdayAndFakes();

interface MatchView {
  slug: string;
  status: string;
  tournamentId: number | null;
  team1: { id: string } | null;
  team2: { id: string } | null;
}

async function createCup(matchday: TestServer, name: string, teamIds: string[]): Promise<number> {
  const res = await matchday.request('POST', '/api/tournaments', {
    body: {
      name,
      type: 'single_elimination',
      format: 'bo1',
      teamIds,
      settings: { veto: false, maxRounds: 4, overtimeMode: 'disabled_tiebreak', teamSize: TEAM_SIZE },
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.tournament.id as number;
}

const completed = (matchday: TestServer, id: number) =>
  waitFor(
    async () => {
      const t = (await matchday.request('GET', `/api/tournaments/${id}`, { token: null })).body.tournament;
      return t?.status === 'completed' ? t : undefined;
    },
    { ...PLAY_WAIT, timeoutMs: 120_000, message: `tournament ${id} completed` },
  );

describe('two tournaments at once on shared fake servers (API.md decision 73)', () => {
  it('plays both to a champion and never loads the player on two teams into two matches at once', async () => {
    const matchday = await startMatchday();
    // team5 of the side cup fields a player of team1 of the main event.
    const shared = playerOf(1, 1);
    for (let team = 1; team <= 8; team++) {
      const body = team === 5 ? { ...teamOf(5), players: [shared, playerOf(5, 2)] } : teamOf(team);
      expect((await matchday.request('POST', '/api/teams', { body })).status).toBe(201);
    }
    await addFakeServers(matchday, 3, fakes);
    expect(
      (
        await matchday.request('PUT', '/api/settings', {
          body: { simulateMatches: true, simulationTimescale: 10 },
        })
      ).status,
    ).toBe(200);
    const main = await createCup(matchday, 'Main Event', ['team1', 'team2', 'team3', 'team4']);
    const side = await createCup(matchday, 'Side Cup', ['team5', 'team6', 'team7', 'team8']);
    for (const id of [main, side]) {
      const started = await matchday.request('POST', `/api/tournaments/${id}/start`, {
        body: { force: true },
      });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
    }

    // Watch every match while both play: team1 and team5 (one player) are never loaded or live together.
    const overlaps: string[] = [];
    let watching = true;
    const watch = (async () => {
      while (watching) {
        const { matches } = (await matchday.request('GET', '/api/matches', { token: null })).body as {
          matches: MatchView[];
        };
        const playing = matches.filter((m) => m.status === 'loaded' || m.status === 'live');
        const withTeam = (id: string) => playing.filter((m) => m.team1?.id === id || m.team2?.id === id);
        if (withTeam('team1').length > 0 && withTeam('team5').length > 0) {
          overlaps.push(playing.map((m) => `${m.slug}:${m.status}`).join(', '));
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();

    // At the start team1's and team5's first matches are both ready: one of them waits, and says why.
    const notice = await waitFor(
      async () => {
        const { items } = (await matchday.request('GET', '/api/attention')).body as {
          items: { kind: string; message: string; matchSlug?: string }[];
        };
        return items.find((i) => i.kind === 'player_busy');
      },
      { ...PLAY_WAIT, message: 'an attention item for the match waiting for the shared player' },
    );
    expect(notice.message).toContain(shared.platformId);

    const [mainDone, sideDone] = [await completed(matchday, main), await completed(matchday, side)];
    watching = false;
    await watch;
    expect(overlaps).toEqual([]);
    expect(mainDone.winner).not.toBeNull();
    expect(sideDone.winner).not.toBeNull();

    const { matches } = (await matchday.request('GET', '/api/matches', { token: null })).body as {
      matches: MatchView[];
    };
    expect(matches.filter((m) => m.tournamentId === main)).toHaveLength(3);
    expect(matches.filter((m) => m.tournamentId === side)).toHaveLength(3);
    // Once nobody waits for the player, the item is gone.
    await waitFor(
      async () => {
        const { items } = (await matchday.request('GET', '/api/attention')).body as {
          items: { kind: string }[];
        };
        return items.every((i) => i.kind !== 'player_busy');
      },
      { ...PLAY_WAIT, message: 'the player_busy attention item cleared' },
    );
  }, 120_000);
});
