import { describe, expect, it } from 'vitest';
import type { WebhookReceiver } from '../fakes/index.js';
import type { TestServer } from '../helpers/server.js';
import { waitFor } from '../helpers/wait.js';
import { teamIds, type TestMatch, walkoverEvent } from '../helpers/walkovers.js';

/** Withdrawals (API.md decision 61) in every format, their walkovers and webhooks (66). */

let server: TestServer;
let receiver: WebhookReceiver;
const { start, matches, matchOf, withdraw, open, playOut } = walkoverEvent((s, r) => {
  server = s;
  receiver = r;
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
