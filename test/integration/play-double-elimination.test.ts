import { describe, expect, it } from 'vitest';
import type { MatchConfig, MatchScript, TeamSlot } from '../fakes/index.js';
import {
  addFakeServers,
  PLAY_WAIT,
  postTeams,
  TEAM_SIZE,
  useMatchdayAndFakes,
  waitForChampion,
} from '../helpers/tournament-play.js';
import { waitFor } from '../helpers/wait.js';

const { fakes, startMatchday } = useMatchdayAndFakes();

interface Match {
  slug: string;
  matchid: number;
  label: string;
  bracket: string;
  status: string;
  displayStatus: string;
  queuePosition: number | null;
  team1: { id: string } | null;
  team2: { id: string } | null;
  winnerId: string | null;
  serverId: string | null;
  team1SeriesScore: number;
  team2SeriesScore: number;
  maps: { team1Score: number; team2Score: number; winner: string | null }[];
}

interface AllocationStatus {
  waiting: { slug: string; position: number; reason: string }[];
  freeServers: number;
  nextInQueue: string | null;
}

/** A promise the test settles when it lets the players of a match ready up. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

const seedOf = (team: { id: string }) => Number(team.id.replace('team', ''));

describe('6-team double elimination bo3 on 2 fake servers', () => {
  it('queues in play order, waits for an admin on a level series, resets the grand final, crowns a champion', async () => {
    const matchday = await startMatchday();
    const server = matchday;
    const bracket = async (): Promise<Match[]> =>
      (await server.request('GET', '/api/tournament/bracket', { token: null })).body.matches;
    const byLabel = async (label: string) => (await bracket()).find((m) => m.label === label)!;
    const queue = async (): Promise<AllocationStatus> =>
      (await server.request('GET', '/api/tournament/allocation-status', { token: null })).body;
    const setServersEnabled = async (enabled: boolean) => {
      for (const id of ['srv-1', 'srv-2']) {
        expect(
          (await server.request('POST', `/api/servers/${id}/${enabled ? 'enable' : 'disable'}`)).status,
        ).toBe(200);
      }
    };

    const teamIds = await postTeams(server, 6);
    await server.request('POST', '/api/tournament', {
      body: {
        name: 'Double Cup',
        type: 'double_elimination',
        format: 'bo3',
        teamIds,
        settings: {
          teamSize: TEAM_SIZE,
          veto: false,
          grandFinalMode: 'double',
          seeding: 'manual',
          maxRounds: 4,
          overtimeMode: 'disabled_tiebreak',
        },
      },
    });
    expect((await server.request('POST', '/api/tournament/start', { body: { force: true } })).status).toBe(
      200,
    );

    // The better seed wins 2-0; the lower-bracket team (team 2) takes the first grand final; LB R3 M1 ends
    // level on everything (three drawn maps, equal rounds and damage); the gated matches wait in warmup.
    const labels = new Map((await bracket()).map((m) => [m.matchid, m.label]));
    const gates = new Map(
      ['UB R2 M1', 'UB R2 M2', 'UB R3 M1', 'LB R2 M1', 'LB R2 M2'].map((l) => [l, gate()]),
    );
    const script = (config: MatchConfig): MatchScript => {
      const label = labels.get(config.matchId) ?? '';
      if (label === 'LB R3 M1') {
        return { maps: [0, 1, 2].map(() => ({ score: [2, 2], damageLeader: 'equal' })) };
      }
      const better: TeamSlot = seedOf(config.team1) < seedOf(config.team2) ? 'team1' : 'team2';
      const winner: TeamSlot = label === 'Grand Final' ? 'team2' : better;
      return { maps: [{ winner }, { winner }], readyWhen: gates.get(label)?.opened };
    };

    // No server yet: the first round waits in play order.
    const initial = await queue();
    expect(initial).toMatchObject({ freeServers: 0, nextInQueue: 'ub-r1-m2' });
    expect(initial.waiting.map((w) => [w.slug, w.reason])).toEqual([
      ['ub-r1-m2', 'no_free_server'],
      ['ub-r1-m4', 'no_free_server'],
    ]);

    await addFakeServers(server, 2, fakes, { script });
    // The second round is held in warmup; with both servers disabled, what it feeds queues up.
    const secondRound = ['UB R2 M1', 'UB R2 M2'];
    await waitFor(
      async () => {
        const list = await bracket();
        return secondRound.every((l) => list.find((m) => m.label === l)?.status === 'loaded');
      },
      { ...PLAY_WAIT, message: 'the second round on both servers' },
    );
    await setServersEnabled(false);
    secondRound.forEach((l) => gates.get(l)!.open());

    const fed = ['UB R3 M1', 'LB R2 M1', 'LB R2 M2'];
    const waiting = await waitFor(
      async () => {
        const status = await queue();
        return status.waiting.length === 3 ? status : undefined;
      },
      { ...PLAY_WAIT, message: 'three matches waiting for a server' },
    );
    const list = await bracket();
    const position = (slug: string) => list.find((m) => m.slug === slug)!.queuePosition!;
    const order = waiting.waiting.map((w) => w.slug);
    expect(order.map((slug) => list.find((m) => m.slug === slug)!.label).sort()).toEqual(fed.sort());
    expect(order.map(position)).toEqual(order.map(position).sort((a, b) => a - b));
    // Upper and lower rounds alternate: the lower bracket's second round comes before the upper final.
    expect(order).toEqual(['lb-r2-m1', 'lb-r2-m2', 'ub-r3-m1']);
    expect(waiting).toMatchObject({ freeServers: 0, nextInQueue: 'lb-r2-m1' });

    // Two servers back: the head of the queue gets them, the upper final waits for the next free one.
    await setServersEnabled(true);
    const rest = await waitFor(
      async () => {
        // The queue read once both are loaded: read before, it could still show one of them loading.
        const loaded = await Promise.all(['LB R2 M1', 'LB R2 M2'].map(byLabel));
        return loaded.every((m) => m.status === 'loaded') ? queue() : undefined;
      },
      { ...PLAY_WAIT, message: 'the queue head on both servers' },
    );
    expect(rest.waiting.map((w) => [w.slug, w.position, w.reason])).toEqual([
      ['ub-r3-m1', 1, 'no_free_server'],
    ]);
    fed.forEach((l) => gates.get(l)!.open());

    // The level series: no winner, the admin decides, its server is freed and the bracket goes on.
    const level = await waitFor(
      async () => {
        const m = await byLabel('LB R3 M1');
        return m.status === 'needs_decision' ? m : undefined;
      },
      { ...PLAY_WAIT, message: 'the level series' },
    );
    expect(level).toMatchObject({
      displayStatus: 'NEEDS ADMIN DECISION',
      winnerId: null,
      team1SeriesScore: 0,
      team2SeriesScore: 0,
    });
    expect(level.maps.map((m) => [m.team1Score, m.team2Score, m.winner])).toEqual([
      [2, 2, null],
      [2, 2, null],
      [2, 2, null],
    ]);
    await waitFor(
      async () => {
        const s = (await server.request('GET', `/api/servers/${level.serverId}`)).body.server;
        return s.availability.free;
      },
      { ...PLAY_WAIT, message: 'the level series server freed' },
    );
    const underdog = seedOf(level.team1!) > seedOf(level.team2!) ? 'team1' : 'team2';
    const decided = await server.request('POST', `/api/matches/${level.slug}/winner`, {
      body: { winner: underdog },
    });
    expect(decided.status).toBe(200);
    expect(decided.body.match).toMatchObject({ status: 'completed', winnerId: level[underdog]!.id });
    const lbFinal = await byLabel('LB R4 M1');
    expect([lbFinal.team1?.id, lbFinal.team2?.id]).toContain(level[underdog]!.id);

    // The lower-bracket team takes the first grand final: the reset decides the champion.
    const champion = (await waitForChampion(server)).winner;
    const finals = await bracket();
    const first = finals.find((m) => m.bracket === 'GF')!;
    const reset = finals.find((m) => m.bracket === 'GF2')!;
    expect(first).toMatchObject({ status: 'completed', winnerId: first.team2!.id });
    expect(reset).toMatchObject({ label: 'Grand Final (reset)', status: 'completed' });
    expect([reset.team1!.id, reset.team2!.id].sort()).toEqual([first.team1!.id, first.team2!.id].sort());
    expect(champion.id).toBe(reset.winnerId);
    expect(champion.id).toBe('team1');
    expect(finals.every((m) => m.status === 'completed')).toBe(true);
  }, 120_000);
});
