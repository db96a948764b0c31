import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Browser } from '../helpers/browser.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let now = 1_800_000_000;
const clock = { now: () => now };
let server: TestServer;
const teamIds = ['ck1', 'ck2', 'ck3', 'ck4', 'ck5'];
const playerOf = (i: number) => String(76561198300000000n + BigInt(i));

beforeAll(async () => {
  server = await startTestServer({ clock });
  for (const [i, id] of teamIds.entries()) {
    await server.request('POST', '/api/teams', {
      body: { id, name: `Check ${id}`, tag: `C${i}`, players: [{ platformId: playerOf(i), name: `c${i}` }] },
    });
  }
});
afterAll(async () => {
  await server.stop();
});
beforeEach(async () => {
  if ((await server.request('GET', '/api/tournament')).status === 200) {
    await server.request('DELETE', '/api/tournament');
  }
});

const create = (checkIn: Record<string, unknown>) =>
  server.request('POST', '/api/tournament', {
    body: {
      name: 'Check-in Cup',
      type: 'single_elimination',
      teamIds,
      settings: { veto: false, checkIn },
    },
  });

/** A browser signed in as the roster player of team `i`. */
async function playerOfTeam(i: number): Promise<Browser> {
  const browser = new Browser(server);
  const code = (await server.request('GET', `/api/teams/${teamIds[i]}`)).body.team.joinCode;
  const res = await browser.request('POST', '/api/auth/lan', {
    body: { platformId: playerOf(i), teamCode: code },
  });
  expect(res.status).toBe(200);
  return browser;
}

describe('check-in (decisions 33-36)', () => {
  it('echoes the settings with defaults and lists every team in order', async () => {
    const created = await create({ required: true });
    expect(created.body.tournament.settings.checkIn).toEqual({
      required: true,
      opensAt: null,
      deadline: null,
      missing: 'drop',
    });
    expect(created.body.tournament.droppedTeamIds).toEqual([]);
    const read = await server.request('GET', '/api/tournament/check-in', { token: null });
    expect(read.status).toBe(200);
    expect(read.body.checkIn).toMatchObject({ state: 'open', counts: { checkedIn: 0, total: 5 } });
    expect(read.body.checkIn.teams.map((t: { teamId: string }) => t.teamId)).toEqual(teamIds);
    expect(read.body.checkIn.teams[0]).toEqual({
      teamId: 'ck1',
      name: 'Check ck1',
      tag: 'C0',
      checkedIn: false,
      checkedInAt: null,
      by: null,
    });
  });

  it('lets an admin check any team in and out, once, at the first time', async () => {
    await create({ required: true, opensAt: now + 3600 });
    const first = await server.request('POST', '/api/tournament/check-in', { body: { teamId: 'ck2' } });
    expect(first.status).toBe(200);
    expect(first.body.team).toMatchObject({ teamId: 'ck2', checkedIn: true, checkedInAt: now, by: 'admin' });
    now += 10;
    const again = await server.request('POST', '/api/tournament/check-in', { body: { teamId: 'ck2' } });
    expect(again.body.team.checkedInAt).toBe(now - 10);
    const undone = await server.request('DELETE', '/api/tournament/check-in/ck2');
    expect(undone.status).toBe(200);
    expect(undone.body.team).toMatchObject({ checkedIn: false, checkedInAt: null });
    expect(
      (await server.request('POST', '/api/tournament/check-in', { body: { teamId: 'nope' } })).status,
    ).toBe(404);
  });

  it('lets a player check their own team in only while open, and refuses the rest', async () => {
    await create({ required: true, opensAt: now + 100, deadline: now + 200 });
    const player = await playerOfTeam(0);
    const early = await player.request('POST', '/api/tournament/check-in', { body: {} });
    expect(early.status).toBe(422);
    expect(early.body.code).toBe('CHECK_IN_NOT_OPEN');
    now += 150;
    expect((await server.request('GET', '/api/tournament/check-in')).body.checkIn.state).toBe('open');
    const own = await player.request('POST', '/api/tournament/check-in', { body: {} });
    expect(own.status).toBe(200);
    expect(own.body.team).toMatchObject({ teamId: 'ck1', checkedIn: true, by: 'player' });
    const other = await player.request('POST', '/api/tournament/check-in', { body: { teamId: 'ck2' } });
    expect(other.status).toBe(403);
    expect(other.body.code).toBe('NOT_ON_ROSTER');
    const forged = await player.request('POST', '/api/tournament/check-in', {
      body: {},
      origin: 'http://evil.example',
    });
    expect(forged.status).toBe(403);
    now += 100;
    const late = await player.request('DELETE', '/api/tournament/check-in/ck1');
    expect(late.status).toBe(422);
    expect(late.body.code).toBe('CHECK_IN_CLOSED');
    // The admin still may after the deadline.
    expect((await server.request('DELETE', '/api/tournament/check-in/ck1')).status).toBe(200);

    expect((await server.request('POST', '/api/tournament/check-in', { body: {}, token: null })).status).toBe(
      401,
    );
    const readOnly = await server.request('POST', '/api/tournament/check-in', {
      body: { teamId: 'ck1' },
      token: 'readonly',
    });
    expect(readOnly.body.code).toBe('READ_ONLY_TOKEN');
  });

  it('refuses check-in when it is not required', async () => {
    await create({});
    const res = await server.request('POST', '/api/tournament/check-in', { body: { teamId: 'ck1' } });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('CHECK_IN_NOT_REQUIRED');
    expect((await server.request('GET', '/api/tournament/check-in')).body.checkIn.state).toBe('off');
  });

  it('drops the teams not checked in at the start; a reset keeps the check-ins', async () => {
    await create({ required: true });
    for (const id of ['ck1', 'ck2', 'ck4']) {
      await server.request('POST', '/api/tournament/check-in', { body: { teamId: id } });
    }
    const started = await server.request('POST', '/api/tournament/start', { body: { force: true } });
    expect(started.status).toBe(200);
    expect(started.body.checkIn).toEqual({ dropped: ['ck3', 'ck5'], forfeited: [] });
    expect(started.body.tournament.droppedTeamIds).toEqual(['ck3', 'ck5']);
    expect(started.body.tournament.teamIds).toEqual(teamIds);
    const matches = (await server.request('GET', '/api/tournament/bracket')).body.matches as {
      team1: { id: string } | null;
      team2: { id: string } | null;
    }[];
    const inMatches = new Set(matches.flatMap((m) => [m.team1?.id, m.team2?.id]).filter(Boolean));
    expect([...inMatches].sort()).toEqual(['ck1', 'ck2', 'ck4']);
    const closed = await server.request('POST', '/api/tournament/check-in', { body: { teamId: 'ck3' } });
    expect(closed.body.code).toBe('CHECK_IN_CLOSED');

    const reset = await server.request('POST', '/api/tournament/reset');
    expect(reset.body.tournament.droppedTeamIds).toEqual([]);
    expect((await server.request('GET', '/api/tournament/check-in')).body.checkIn.counts.checkedIn).toBe(3);
  });

  it('refuses a start that leaves too few teams, changing nothing', async () => {
    await create({ required: true });
    await server.request('POST', '/api/tournament/check-in', { body: { teamId: 'ck1' } });
    const res = await server.request('POST', '/api/tournament/start', { body: { force: true } });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('INVALID_STATE');
    expect((await server.request('GET', '/api/tournament')).body.tournament.status).toBe('setup');
  });

  it('forfeits the first match of a team not checked in, without server or rating; a correction clears the marker', async () => {
    const created = await server.request('POST', '/api/tournament', {
      body: {
        name: 'Forfeit Cup',
        type: 'single_elimination',
        teamIds: teamIds.slice(0, 4),
        settings: { veto: true, checkIn: { required: true, missing: 'forfeit' } },
      },
    });
    expect(created.status).toBe(201);
    for (const id of ['ck1', 'ck2', 'ck3']) {
      await server.request('POST', '/api/tournament/check-in', { body: { teamId: id } });
    }
    const started = await server.request('POST', '/api/tournament/start', { body: { force: true } });
    expect(started.status).toBe(200);
    expect(started.body.checkIn).toEqual({ dropped: [], forfeited: ['ck4'] });
    const list = (await server.request('GET', '/api/tournament/bracket')).body.matches as {
      slug: string;
      label: string;
      status: string;
      winnerId: string | null;
      team1: { id: string } | null;
      team2: { id: string } | null;
      team1SeriesScore: number;
      team2SeriesScore: number;
      maps: unknown[];
      serverId: string | null;
      loadedAt: number | null;
      forfeit: unknown;
    }[];
    const lost = list.find((m) => m.team2?.id === 'ck4' || m.team1?.id === 'ck4')!;
    expect(lost).toMatchObject({
      status: 'completed',
      winnerId: 'ck1',
      maps: [],
      serverId: null,
      loadedAt: null,
      forfeit: { teamIds: ['ck4'], reason: 'no_check_in' },
    });
    expect(lost.team1?.id === 'ck1' ? lost.team1SeriesScore : lost.team2SeriesScore).toBe(1);
    const other = list.find((m) => m.team1?.id === 'ck2' || m.team2?.id === 'ck2')!;
    expect(other).toMatchObject({ status: 'pending', forfeit: null });
    const final = list.find((m) => m.label === 'Final')!;
    expect([final.team1?.id, final.team2?.id]).toContain('ck1');
    const history = await server.request('GET', `/api/players/${playerOf(0)}/rating-history`);
    expect(history.body.history ?? []).toHaveLength(0);

    const corrected = await server.request('POST', `/api/matches/${lost.slug}/correction`, {
      body: { winner: lost.team1?.id === 'ck4' ? 'team1' : 'team2' },
    });
    expect(corrected.status).toBe(200);
    expect(corrected.body.match.forfeit).toBeNull();
    expect(corrected.body.correction.before.forfeit).toEqual({ teamIds: ['ck4'], reason: 'no_check_in' });
    expect(corrected.body.repaired).toEqual(['final']);
  });
});
