import { describe, expect, it } from 'vitest';
import { stageCup, type StageMatch } from '../helpers/stage-cup.js';

const { server, teamIds, create, bracket, byLabel, seed, playStage } = stageCup();

/** A 4-team single elimination: R1 M1 (s1-s4), R1 M2 (s2-s3), Final. */
async function startKnockout(): Promise<void> {
  const created = await create({
    type: 'single_elimination',
    teamIds: teamIds.slice(0, 4),
    stages: undefined,
  });
  expect(created.status).toBe(201);
  expect((await server.request('POST', '/api/tournament/start', { body: { force: true } })).status).toBe(200);
}

const decide = async (m: StageMatch, winner: 'team1' | 'team2') =>
  expect((await server.request('POST', `/api/matches/${m.slug}/winner`, { body: { winner } })).status).toBe(
    200,
  );

const correct = (slug: string, body: Record<string, unknown>, token?: 'readonly') =>
  server.request('POST', `/api/matches/${slug}/correction`, { body, ...(token ? { token } : {}) });

describe('result correction (decisions 37-40)', () => {
  it('corrects a winner with the walkover score and repairs the final it fed; the log keeps it', async () => {
    await startKnockout();
    const semi = await byLabel('R1 M1');
    await decide(semi, 'team1');
    expect((await byLabel('Final')).team1?.id).toBe('s1');

    const res = await correct(semi.slug, { winner: 'team2', reason: 'wrong team reported' });
    expect(res.status).toBe(200);
    expect(res.body.match).toMatchObject({
      winnerId: 's4',
      team1SeriesScore: 0,
      team2SeriesScore: 1,
      status: 'completed',
    });
    expect(res.body.match.correctedAt).toEqual(expect.any(Number));
    expect(res.body.repaired).toEqual(['final']);
    expect(res.body.reset).toEqual([]);
    expect(res.body.correction).toMatchObject({
      matchSlug: semi.slug,
      matchLabel: 'R1 M1',
      by: { kind: 'token', platformId: null },
      reason: 'wrong team reported',
      forced: false,
      before: { winnerId: 's1', forfeit: null },
      after: { winnerId: 's4', team1SeriesScore: 0, team2SeriesScore: 1 },
      repaired: ['final'],
    });
    expect((await byLabel('Final')).team1?.id).toBe('s4');

    // Scores only: same winner, nothing downstream; newest first in both logs.
    const again = await correct(semi.slug, { team1SeriesScore: 0, team2SeriesScore: 1, reason: 'same' });
    expect(again.body.correction).toBeNull();
    const ofMatch = await server.request('GET', `/api/matches/${semi.slug}/corrections`, {
      token: 'readonly',
    });
    expect(ofMatch.status).toBe(200);
    expect(ofMatch.body.count).toBe(1);
    const back = await correct(semi.slug, { winner: 'team1' });
    expect(back.body.repaired).toEqual(['final']);
    expect((await byLabel('Final')).team1?.id).toBe('s1');
    const log = await server.request('GET', '/api/tournament/corrections', { token: 'readonly' });
    expect(log.body.count).toBe(2);
    expect(log.body.corrections.map((c: { after: { winnerId: string } }) => c.after.winnerId)).toEqual([
      's1',
      's4',
    ]);
  });

  it('refuses bad input, open matches and read-only tokens, recording nothing', async () => {
    await startKnockout();
    const semi = await byLabel('R1 M1');
    expect((await correct(semi.slug, { winner: 'team2' })).body.code).toBe('INVALID_STATE');
    await decide(semi, 'team1');

    const empty = await correct(semi.slug, { reason: 'nothing' });
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('VALIDATION_FAILED');
    const misfit = await correct(semi.slug, { winner: 'team2', team2SeriesScore: 2 });
    expect(misfit.status).toBe(400);
    expect(misfit.body.details).toEqual([{ path: 'team2SeriesScore', message: 'the winner of a bo1 has 1' }]);
    const behind = await correct(semi.slug, { team2SeriesScore: 1 });
    expect(behind.status).toBe(400);
    expect(behind.body.details[0].path).toBe('team2SeriesScore');
    const long = await correct(semi.slug, { winner: 'team2', reason: 'x'.repeat(501) });
    expect(long.status).toBe(400);
    expect((await correct(semi.slug, { winner: 'team2' }, 'readonly')).status).toBe(403);
    expect((await correct('no-such-match', { winner: 'team2' })).status).toBe(404);
    expect((await server.request('GET', '/api/matches/no-such-match/corrections')).status).toBe(404);
    expect(
      (
        await server.request('POST', `/api/matches/${semi.slug}/correction`, {
          body: { winner: 'team2' },
          token: null,
        })
      ).status,
    ).toBe(401);

    expect((await server.request('GET', '/api/tournament/corrections')).body.count).toBe(0);
    expect((await byLabel('R1 M1')).winnerId).toBe('s1');
  });

  it('is blocked by a started final, and with force resets it and reopens the tournament', async () => {
    await startKnockout();
    await playStage('main');
    const done = await server.request('GET', '/api/tournament');
    expect(done.body.tournament).toMatchObject({ status: 'completed' });
    const semi = await byLabel('R1 M1');

    const blocked = await correct(semi.slug, { winner: 'team2' });
    expect(blocked.status).toBe(409);
    expect(blocked.body.code).toBe('CORRECTION_BLOCKED');
    expect(blocked.body.error).toContain('Final');
    expect(blocked.body.details).toEqual([{ path: 'final', message: 'Final is completed' }]);
    expect((await byLabel('R1 M1')).winnerId).toBe('s1');
    expect((await server.request('GET', '/api/tournament/corrections')).body.count).toBe(0);

    const forced = await correct(semi.slug, { winner: 'team2', force: true });
    expect(forced.status, JSON.stringify(forced.body)).toBe(200);
    expect(forced.body.reset).toEqual(['final']);
    expect(forced.body.correction).toMatchObject({ forced: true, reset: ['final'] });
    const final = await byLabel('Final');
    expect(final).toMatchObject({ status: 'ready', winnerId: null });
    expect([final.team1?.id, final.team2?.id]).toEqual(['s4', 's2']);
    const reopened = (await server.request('GET', '/api/tournament')).body.tournament;
    expect(reopened).toMatchObject({ status: 'in_progress' });
    expect(reopened.winner ?? null).toBeNull();

    // Playing the final again completes the tournament with the new champion.
    await decide(final, 'team1');
    expect((await server.request('GET', '/api/tournament')).body.tournament).toMatchObject({
      status: 'completed',
    });
  });

  it('repairs the playoffs when a group result corrected after they filled changes the seats', async () => {
    await create();
    expect((await server.request('POST', '/api/tournament/start', { body: { force: true } })).status).toBe(
      200,
    );
    await playStage('groups');
    const before = (await bracket()).matches.filter((m) => m.stage === 'playoffs');
    expect(before.map((m) => [m.team1?.id, m.team2?.id])).toEqual([
      ['s1', 's3'],
      ['s2', 's4'],
      [undefined, undefined],
    ]);
    // Group A: s1 3-0, s4 2-1, s5 1-2. s4 lost only to s1; giving s5 its match against s4 makes them
    // level, and s5 won the match between them: s5 takes A #2.
    const groupMatch = (await bracket()).matches.find(
      (m) => m.stage === 'groups' && [m.team1?.id, m.team2?.id].sort().join() === 's4,s5',
    )!;
    const s5 = groupMatch.team1?.id === 's5' ? 'team1' : 'team2';
    const res = await correct(groupMatch.slug, { winner: s5 });
    expect(res.status).toBe(200);
    expect(res.body.repaired).toEqual(['r1-m2']);
    const after = (await bracket()).matches.filter((m) => m.stage === 'playoffs');
    expect(after.map((m) => [m.team1?.id, m.team2?.id, m.status])).toEqual([
      ['s1', 's3', 'ready'],
      ['s2', 's5', 'ready'],
      [undefined, undefined, 'pending'],
    ]);
    const tableA = (await bracket()).stages[0].groups[0]!.standings;
    expect(tableA.map((s) => [s.teamId, s.wins, s.qualified])).toEqual([
      ['s1', 3, true],
      ['s5', 2, true],
      ['s4', 1, false],
      ['s8', 0, false],
    ]);
    expect(seed(after[1]!.team2)).toBe(5);
  });

  it('blocks a group correction on a started playoff match; reset removes the corrections', async () => {
    await create();
    await server.request('POST', '/api/tournament/start', { body: { force: true } });
    await playStage('groups');
    const semi = await byLabel('R1 M2');
    await decide(semi, 'team1');
    const groupMatch = (await bracket()).matches.find(
      (m) => m.stage === 'groups' && [m.team1?.id, m.team2?.id].sort().join() === 's4,s5',
    )!;
    const s5 = groupMatch.team1?.id === 's5' ? 'team1' : 'team2';
    const blocked = await correct(groupMatch.slug, { winner: s5 });
    expect(blocked.status).toBe(409);
    expect(blocked.body.details).toEqual([{ path: 'r1-m2', message: 'R1 M2 is completed' }]);

    const forced = await correct(groupMatch.slug, { winner: s5, force: true });
    expect(forced.status).toBe(200);
    expect(forced.body.reset).toEqual(['r1-m2']);
    expect(forced.body.repaired).toEqual(['final']);
    const final = await byLabel('Final');
    expect(final.team1).toBeNull();
    expect(final.team2).toBeNull();
    expect((await byLabel('R1 M2')).team2?.id).toBe('s5');

    expect((await server.request('POST', '/api/tournament/reset')).status).toBe(200);
    expect((await server.request('GET', '/api/tournament/corrections')).body.count).toBe(0);
  });

  it('removes the reset grand final when the first one is corrected to the upper-bracket team', async () => {
    await playDoubleElimination('team2');
    const reset = await byLabel('Grand Final (reset)');
    expect(reset.status).toBe('ready');
    const gf = await byLabel('Grand Final');
    const res = await correct(gf.slug, { winner: 'team1' });
    expect(res.status).toBe(200);
    expect(res.body.repaired).toEqual([reset.slug]);
    expect((await bracket()).matches.some((m) => m.label === 'Grand Final (reset)')).toBe(false);
    const t = (await server.request('GET', '/api/tournament')).body.tournament;
    expect(t).toMatchObject({ status: 'completed', winner: { id: gf.team1!.id } });
  });

  it('creates the reset grand final when the first one is corrected to the lower-bracket team, reopening the tournament', async () => {
    await playDoubleElimination('team1');
    const gf = await byLabel('Grand Final');
    expect((await server.request('GET', '/api/tournament')).body.tournament).toMatchObject({
      status: 'completed',
      winner: { id: gf.team1!.id },
    });
    expect((await bracket()).matches.some((m) => m.label === 'Grand Final (reset)')).toBe(false);

    const res = await correct(gf.slug, { winner: 'team2' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.match).toMatchObject({
      winnerId: gf.team2!.id,
      team1SeriesScore: 0,
      team2SeriesScore: 1,
    });
    const reset = await byLabel('Grand Final (reset)');
    expect(reset).toMatchObject({ status: 'ready', winnerId: null });
    expect([reset.team1?.id, reset.team2?.id]).toEqual([gf.team1!.id, gf.team2!.id]);
    expect((await server.request('GET', '/api/tournament')).body.tournament).toMatchObject({
      status: 'in_progress',
      winner: null,
    });

    await decide(reset, 'team2');
    expect((await server.request('GET', '/api/tournament')).body.tournament).toMatchObject({
      status: 'completed',
      winner: { id: gf.team2!.id },
    });
  });

  it('a played reset grand final blocks correcting the first to the upper-bracket team; forced, it goes', async () => {
    await playDoubleElimination('team2');
    const gf = await byLabel('Grand Final');
    const reset = await byLabel('Grand Final (reset)');
    await decide(reset, 'team2');
    expect((await server.request('GET', '/api/tournament')).body.tournament).toMatchObject({
      status: 'completed',
      winner: { id: gf.team2!.id },
    });

    const blocked = await correct(gf.slug, { winner: 'team1' });
    expect(blocked.status).toBe(409);
    expect(blocked.body.code).toBe('CORRECTION_BLOCKED');
    expect(blocked.body.details).toEqual([{ path: reset.slug, message: 'Grand Final (reset) is completed' }]);
    expect((await byLabel('Grand Final (reset)')).winnerId).toBe(gf.team2!.id);

    const forced = await correct(gf.slug, { winner: 'team1', force: true });
    expect(forced.status, JSON.stringify(forced.body)).toBe(200);
    expect(forced.body.reset).toEqual([reset.slug]);
    expect((await bracket()).matches.some((m) => m.label === 'Grand Final (reset)')).toBe(false);
    expect((await server.request('GET', '/api/tournament')).body.tournament).toMatchObject({
      status: 'completed',
      winner: { id: gf.team1!.id },
    });
  });
});

/**
 * A 4-team double elimination with a reset grand final (mode double) played to its first grand final:
 * every match's team 1 wins, the first grand final goes to `grandFinal` (team 2: the lower-bracket team,
 * which makes the reset needed).
 */
async function playDoubleElimination(grandFinal: 'team1' | 'team2'): Promise<void> {
  const created = await create({
    type: 'double_elimination',
    teamIds: teamIds.slice(0, 4),
    stages: undefined,
    settings: { veto: false, grandFinalMode: 'double' },
  });
  expect(created.status).toBe(201);
  await server.request('POST', '/api/tournament/start', { body: { force: true } });
  for (;;) {
    const open = (await bracket()).matches.filter(
      (m) => m.team1 && m.team2 && m.status !== 'completed' && m.label !== 'Grand Final (reset)',
    );
    if (open.length === 0) {
      return;
    }
    for (const m of open) {
      await decide(m, m.label === 'Grand Final' ? grandFinal : 'team1');
    }
  }
}
