import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WebhookReceiver } from '../fakes/index.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { waitFor } from '../helpers/wait.js';

/** Forfeits (API.md decision 60) and withdrawals (decision 61) in every format, and their webhooks (66). */

interface TestMatch {
  slug: string;
  matchid: number;
  label: string;
  stage: string | null;
  group: string | null;
  round: number;
  status: string;
  team1: { id: string } | null;
  team2: { id: string } | null;
  winnerId: string | null;
  team1SeriesScore: number;
  team2SeriesScore: number;
  maps: unknown[];
  forfeit: { teamIds: string[]; reason: string; note?: string | null; by?: string | null } | null;
}

let server: TestServer;
let receiver: WebhookReceiver;
const teamIds = Array.from({ length: 16 }, (_, i) => `w${i + 1}`);
const playerOf = (i: number) => String(76561198400000000n + BigInt(i));

beforeAll(async () => {
  server = await startTestServer();
  receiver = await new WebhookReceiver().start();
  await server.request('PUT', '/api/settings', { body: { allowPrivateWebhooks: true } });
  const hook = await server.request('POST', '/api/webhooks', { body: { url: receiver.url } });
  receiver.secret = hook.body.secret;
  for (const [i, id] of teamIds.entries()) {
    const res = await server.request('POST', '/api/teams', {
      body: {
        id,
        name: `Walk ${i + 1}`,
        tag: `W${i + 1}`,
        players: [{ platformId: playerOf(i), name: `w${i}` }],
      },
    });
    expect(res.status).toBe(201);
  }
});
afterAll(async () => {
  await server.stop();
  await receiver.close();
});
beforeEach(async () => {
  if ((await server.request('GET', '/api/tournament')).status === 200) {
    expect((await server.request('DELETE', '/api/tournament')).status).toBe(200);
  }
});

async function start(body: Record<string, unknown>): Promise<void> {
  const created = await server.request('POST', '/api/tournament', {
    body: { name: 'Walkover Cup', settings: { veto: false }, ...body },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect((await server.request('POST', '/api/tournament/start', { body: { force: true } })).status).toBe(200);
}

const bracket = async () => (await server.request('GET', '/api/tournament/bracket', { token: null })).body;
const matches = async (): Promise<TestMatch[]> => (await bracket()).matches;
const matchOf = async (slug: string): Promise<TestMatch> =>
  (await server.request('GET', `/api/matches/${slug}`)).body.match;
const forfeit = (slug: string, teamId: string, reason = 'team did not show up') =>
  server.request('POST', `/api/matches/${slug}/forfeit`, { body: { teamId, reason } });
const withdraw = (teamId: string, reason = 'drove home') =>
  server.request('POST', `/api/tournament/teams/${teamId}/withdraw`, { body: { reason } });
const open = (list: readonly TestMatch[]) =>
  list.filter((m) => m.team1 && m.team2 && m.status !== 'completed' && m.status !== 'cancelled');

/** Decides every open match, team 1 winning, until none is left. */
async function playOut(): Promise<void> {
  for (let left = open(await matches()); left.length > 0; left = open(await matches())) {
    for (const m of left) {
      const res = await server.request('POST', `/api/matches/${m.slug}/winner`, {
        body: { winner: 'team1' },
      });
      expect(res.status, `${m.label}: ${JSON.stringify(res.body)}`).toBe(200);
    }
  }
}

describe('forfeit (decision 60)', () => {
  it('completes a single-elimination match as a walkover that moves the bracket on', async () => {
    await start({ type: 'single_elimination', teamIds: teamIds.slice(0, 4) });
    const first = (await matches()).find((m) => m.label === 'R1 M1')!;
    const loser = first.team1!.id;
    const res = await forfeit(first.slug, loser, 'stuck in traffic');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.match).toMatchObject({
      status: 'completed',
      winnerId: first.team2!.id,
      team1SeriesScore: 0,
      team2SeriesScore: 1,
      maps: [],
      forfeit: { teamIds: [loser], reason: 'forfeit', note: 'stuck in traffic', by: expect.any(String) },
    });
    const final = (await matches()).find((m) => m.label === 'Final')!;
    expect(final.team1?.id).toBe(first.team2!.id);

    const again = await forfeit(first.slug, first.team2!.id);
    expect(again.status).toBe(422);
    expect(again.body.code).toBe('INVALID_STATE');
  });

  it('refuses a team not in the match, a missing reason, an undecided slot and an unknown match, with clear errors', async () => {
    await start({ type: 'single_elimination', teamIds: teamIds.slice(0, 4) });
    const first = (await matches()).find((m) => m.label === 'R1 M1')!;
    const stranger = await forfeit(first.slug, 'w9');
    expect(stranger.status).toBe(400);
    expect(stranger.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'teamId' }] });
    const noReason = await server.request('POST', `/api/matches/${first.slug}/forfeit`, {
      body: { teamId: first.team1!.id },
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.code).toBe('VALIDATION_FAILED');
    const final = (await matches()).find((m) => m.label === 'Final')!;
    const empty = await forfeit(final.slug, first.team1!.id);
    expect(empty.status).toBe(422);
    expect(empty.body.code).toBe('INVALID_STATE');
    expect((await forfeit('no-such-match', 'w1')).status).toBe(404);
    const readOnly = await server.request('POST', `/api/matches/${first.slug}/forfeit`, {
      token: 'readonly',
      body: { teamId: first.team1!.id, reason: 'x' },
    });
    expect(readOnly.status).toBe(403);
    expect((await matchOf(first.slug)).status).not.toBe('completed');
  });

  it('sends the forfeiting team of a double elimination to the lower bracket', async () => {
    await start({ type: 'double_elimination', teamIds: teamIds.slice(0, 4) });
    const first = (await matches()).find((m) => m.round === 1 && m.team1 && m.team2)!;
    const loser = first.team2!.id;
    expect((await forfeit(first.slug, loser)).status).toBe(200);
    const lower = (await matches()).filter((m) => m.label.startsWith('LB'));
    expect(lower.some((m) => m.team1?.id === loser || m.team2?.id === loser)).toBe(true);
  });

  it('counts a Swiss walkover as a win and a loss with no round difference, and changes no rating', async () => {
    await start({ type: 'swiss', teamIds: teamIds.slice(0, 4) });
    const first = (await matches()).find((m) => m.round === 1)!;
    const [loser, winner] = [first.team1!.id, first.team2!.id];
    const ratingOf = async (i: number) =>
      (await server.request('GET', `/api/players/${playerOf(i)}`)).body.player.rating as number;
    const before = [await ratingOf(teamIds.indexOf(loser)), await ratingOf(teamIds.indexOf(winner))];
    expect((await forfeit(first.slug, loser)).status).toBe(200);
    const rows: { teamId: string; wins: number; losses: number; roundDifference: number }[] = (
      await bracket()
    ).swissStandings;
    expect(rows.find((r) => r.teamId === winner)).toMatchObject({ wins: 1, losses: 0, roundDifference: 0 });
    expect(rows.find((r) => r.teamId === loser)).toMatchObject({ wins: 0, losses: 1, roundDifference: 0 });
    expect([await ratingOf(teamIds.indexOf(loser)), await ratingOf(teamIds.indexOf(winner))]).toEqual(before);
  });

  it('counts a group walkover in the group standings', async () => {
    await start({
      type: 'groups_playoffs',
      teamIds: teamIds.slice(0, 8),
      stages: [
        { kind: 'groups', type: 'round_robin', groupCount: 2, advancePerGroup: 2 },
        { kind: 'playoffs', type: 'single_elimination' },
      ],
    });
    const first = (await matches()).find((m) => m.stage === 'groups' && m.group === 'A')!;
    const loser = first.team1!.id;
    expect((await forfeit(first.slug, loser)).status).toBe(200);
    const tableA = (await bracket()).stages[0].groups[0];
    const rowOf = (id: string) => tableA.standings.find((r: { teamId: string }) => r.teamId === id);
    expect(rowOf(loser)).toMatchObject({ wins: 0, losses: 1, roundDifference: 0 });
    expect(rowOf(first.team2!.id)).toMatchObject({ wins: 1, losses: 0, roundDifference: 0 });
  });

  it('is undone by a result correction, which drops the marker', async () => {
    await start({ type: 'single_elimination', teamIds: teamIds.slice(0, 4) });
    const first = (await matches()).find((m) => m.label === 'R1 M1')!;
    await forfeit(first.slug, first.team1!.id);
    const corrected = await server.request('POST', `/api/matches/${first.slug}/correction`, {
      body: { winner: 'team1', reason: 'they were in the wrong hall' },
    });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    expect(corrected.body.match).toMatchObject({ winnerId: first.team1!.id, forfeit: null });
    expect(corrected.body.correction.before.forfeit).toMatchObject({ reason: 'forfeit' });
    const final = (await matches()).find((m) => m.label === 'Final')!;
    expect(final.team1?.id).toBe(first.team1!.id);
  });

  it('announces match.finished with forfeit true; other match webhooks carry forfeit false', async () => {
    await start({ type: 'single_elimination', teamIds: teamIds.slice(0, 4) });
    const [first, second] = (await matches()).filter((m) => m.round === 1);
    await forfeit(first!.slug, first!.team1!.id);
    await server.request('POST', `/api/matches/${second!.slug}/winner`, { body: { winner: 'team1' } });
    await server.running.app.services.webhooks.dispatcher.runDue();
    // Slugs repeat across tournaments: the match id tells this one's events apart.
    const finished = (m: TestMatch) =>
      receiver.received.find(
        (r) => r.body.type === 'match.finished' && r.body.data.match.matchid === m.matchid,
      );
    await waitFor(() => (finished(first!) && finished(second!) ? true : undefined), {
      message: 'match.finished of both semi-finals',
    });
    expect(finished(first!)!.body.data).toMatchObject({
      reason: 'forfeit',
      match: { forfeit: true, maps: [], winner_team_id: first!.team2!.id, score: { team1: 0, team2: 1 } },
    });
    expect(finished(second!)!.body.data.match.forfeit).toBe(false);
  });

  it('keeps a late round of the plugin out of a walkover: no map score, no player stats', async () => {
    const created = await server.request('POST', '/api/matches', {
      body: { team1Id: 'w1', team2Id: 'w2', format: 'bo1', maps: ['de_dust2'], veto: false, teamSize: 1 },
    });
    const { slug, matchid } = created.body.match as TestMatch;
    expect((await forfeit(slug, 'w2')).status).toBe(200);
    const side = (score: number, i: number) => ({
      series_score: 0,
      score,
      score_ct: 0,
      score_t: 0,
      id: '',
      name: 'x',
      players: [{ steamid: playerOf(i), name: `w${i}`, stats: { kills: 3, deaths: 1, damage: 300 } }],
    });
    const late = await server.request('POST', `/api/events/${slug}`, {
      token: 'server',
      body: {
        event: 'round_end',
        matchid,
        map_number: 0,
        round_number: 1,
        round_time: 0,
        reason: 9,
        winner: { side: '2', team: 'team1' },
        team1: side(1, 0),
        team2: side(0, 1),
      },
    });
    expect(late.status).toBeLessThan(300);
    expect(await matchOf(slug)).toMatchObject({ maps: [], team1MapScore: 0, team2MapScore: 0 });
    const stats = (await server.request('GET', `/api/matches/${slug}/stats`, { token: null })).body;
    expect(stats.maps).toEqual([]);
  });
});

describe('withdraw a team (decision 61)', () => {
  it('in a 16-team double elimination after round 1: every later opponent advances by walkover and a champion is crowned', async () => {
    const start1 = receiver.received.length;
    await start({ type: 'double_elimination', teamIds });
    for (const m of (await matches()).filter((x) => x.round === 1 && x.label.startsWith('UB') && x.team1)) {
      expect(
        (await server.request('POST', `/api/matches/${m.slug}/winner`, { body: { winner: 'team1' } })).status,
      ).toBe(200);
    }
    // A round-1 winner: it has an upper-bracket match to play next.
    const leaving = (await matches()).find((m) => m.round === 1 && m.label.startsWith('UB'))!.winnerId!;
    const res = await withdraw(leaving, 'bus leaves at six');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.tournament.withdrawn).toEqual([
      { teamId: leaving, reason: 'bus leaves at six', at: expect.any(Number) },
    ]);
    // Its next upper-bracket match now; the lower-bracket one once its opponent is known.
    expect(res.body.forfeited).toHaveLength(1);

    await playOut();
    const t = (await server.request('GET', '/api/tournament')).body.tournament;
    expect(t.status).toBe('completed');
    expect(t.winner?.id).not.toBe(leaving);
    const later = (await matches()).filter(
      (m) => m.round > 1 && (m.team1?.id === leaving || m.team2?.id === leaving),
    );
    // Its upper-bracket match and the lower-bracket match it dropped into, both lost without playing.
    expect(later).toHaveLength(2);
    for (const m of later) {
      expect(m).toMatchObject({
        status: 'completed',
        maps: [],
        forfeit: { reason: 'withdrawn', teamIds: [leaving] },
      });
      expect(m.winnerId).not.toBe(leaving);
    }
    await server.running.app.services.webhooks.dispatcher.runDue();
    await waitFor(
      () =>
        receiver.received.slice(start1).some((r) => r.body.type === 'team.withdrawn') ? true : undefined,
      { message: 'the team.withdrawn webhook' },
    );
    const announced = receiver.received.slice(start1).find((r) => r.body.type === 'team.withdrawn')!;
    expect(announced.body).toMatchObject({
      type: 'team.withdrawn',
      test: false,
      data: {
        team: { id: leaving, name: expect.any(String) },
        reason: 'bus leaves at six',
        tournament: { id: t.id },
      },
    });
  });

  it('in round robin: every remaining match is a walkover, played results stand', async () => {
    await start({ type: 'round_robin', teamIds: teamIds.slice(0, 4) });
    const played = (await matches()).find((m) => m.team1?.id === 'w1' || m.team2?.id === 'w1')!;
    await server.request('POST', `/api/matches/${played.slug}/winner`, {
      body: { winner: played.team1!.id === 'w1' ? 'team1' : 'team2' },
    });
    expect((await withdraw('w1')).status).toBe(200);
    const ofTeam = (await matches()).filter((m) => m.team1?.id === 'w1' || m.team2?.id === 'w1');
    expect(ofTeam.every((m) => m.status === 'completed')).toBe(true);
    expect(ofTeam.filter((m) => m.forfeit?.reason === 'withdrawn')).toHaveLength(ofTeam.length - 1);
    expect((await matchOf(played.slug)).winnerId).toBe('w1');
  });

  it('in groups then playoffs: its group matches are walkovers, and a playoff seat it reaches too', async () => {
    await start({
      type: 'groups_playoffs',
      teamIds: teamIds.slice(0, 8),
      stages: [
        { kind: 'groups', type: 'round_robin', groupCount: 2, advancePerGroup: 3 },
        // Started by the admin: the fill itself must settle the withdrawn team's first playoff match.
        { kind: 'playoffs', type: 'double_elimination', start: 'manual' },
      ],
    });
    // The top seed wins its first group match, then leaves.
    const first = (await matches()).find(
      (m) => m.stage === 'groups' && (m.team1?.id === 'w1' || m.team2?.id === 'w1'),
    )!;
    await server.request('POST', `/api/matches/${first.slug}/winner`, {
      body: { winner: first.team1!.id === 'w1' ? 'team1' : 'team2' },
    });
    expect((await withdraw('w1')).status).toBe(200);
    const groupMatches = (await matches()).filter(
      (m) => m.stage === 'groups' && (m.team1?.id === 'w1' || m.team2?.id === 'w1'),
    );
    expect(groupMatches.filter((m) => m.forfeit?.reason === 'withdrawn')).toHaveLength(
      groupMatches.length - 1,
    );
    // The team it beat loses every other match too: the withdrawn team ends third and reaches the playoffs.
    const beaten = first.team1!.id === 'w1' ? first.team2!.id : first.team1!.id;
    for (const m of open(await matches()).filter((x) => x.group === first.group)) {
      const winner = m.team1!.id === beaten ? 'team2' : 'team1';
      await server.request('POST', `/api/matches/${m.slug}/winner`, { body: { winner } });
    }
    await playOut();
    const filled = await server.request('POST', '/api/tournament/playoffs/start');
    expect(filled.status, JSON.stringify(filled.body)).toBe(200);
    const firstPlayoff = (filled.body.matches as TestMatch[]).find(
      (m) => m.team1 && m.team2 && (m.team1.id === 'w1' || m.team2.id === 'w1'),
    );
    expect(firstPlayoff).toMatchObject({ status: 'completed', forfeit: { reason: 'withdrawn' } });
    await playOut();
    const t = (await server.request('GET', '/api/tournament')).body.tournament;
    expect(t.status).toBe('completed');
    expect(t.winner.id).not.toBe('w1');
    // Its playoff matches against an opponent (a bye in the lower bracket passes it on without one).
    const inPlayoffs = (await matches()).filter(
      (m) => m.stage === 'playoffs' && m.team1 && m.team2 && (m.team1.id === 'w1' || m.team2.id === 'w1'),
    );
    expect(inPlayoffs.length).toBeGreaterThan(0);
    for (const m of inPlayoffs) {
      expect(m).toMatchObject({ status: 'completed', forfeit: { reason: 'withdrawn' } });
    }
  });

  it('in Swiss: the team is paired no more', async () => {
    await start({ type: 'swiss', teamIds: teamIds.slice(0, 6), settings: { veto: false, swissRounds: 3 } });
    const round1 = (await matches()).filter((m) => m.round === 1);
    const leaving = round1[0]!.team1!.id;
    expect((await withdraw(leaving)).status).toBe(200);
    await playOut();
    const list = await matches();
    for (const round of [2, 3]) {
      const paired = list.filter((m) => m.round === round && m.team1);
      expect(paired.some((m) => m.team1?.id === leaving || m.team2?.id === leaving)).toBe(false);
    }
    expect((await server.request('GET', '/api/tournament')).body.tournament.status).toBe('completed');
  });

  it('is undone by correcting its walkover: the team is back and plays its next match', async () => {
    await start({ type: 'single_elimination', teamIds: teamIds.slice(0, 4) });
    const first = (await matches()).find((m) => m.label === 'R1 M1')!;
    const leaving = first.team1!.id;
    expect((await withdraw(leaving)).body.forfeited).toEqual([first.slug]);
    const corrected = await server.request('POST', `/api/matches/${first.slug}/correction`, {
      body: { winner: 'team1', reason: 'came back from the car park' },
    });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    expect((await server.request('GET', '/api/tournament')).body.tournament.withdrawn).toEqual([]);
    const second = (await matches()).find((m) => m.label === 'R1 M2')!;
    await server.request('POST', `/api/matches/${second.slug}/winner`, { body: { winner: 'team1' } });
    const final = (await matches()).find((m) => m.label === 'Final')!;
    expect(final).toMatchObject({ team1: { id: leaving }, forfeit: null });
    expect(final.status).not.toBe('completed');
  });

  it('refuses a second withdrawal, an unknown team and a tournament not running', async () => {
    expect((await withdraw('w1')).status).toBe(404);
    await server.request('POST', '/api/tournament', {
      body: {
        name: 'Walkover Cup',
        type: 'single_elimination',
        teamIds: teamIds.slice(0, 4),
        settings: { veto: false },
      },
    });
    const early = await withdraw('w1');
    expect(early.status).toBe(422);
    expect(early.body.code).toBe('INVALID_STATE');
    await server.request('POST', '/api/tournament/start', { body: { force: true } });
    expect((await withdraw('w1')).status).toBe(200);
    const twice = await withdraw('w1');
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('ALREADY_WITHDRAWN');
    const stranger = await withdraw('w9');
    expect(stranger.status).toBe(404);
    expect((await server.request('POST', '/api/tournament/teams/w2/withdraw', { body: {} })).status).toBe(
      400,
    );
  });
});
