import { describe, expect, it } from 'vitest';
import type { WebhookReceiver } from '../fakes/index.js';
import type { TestServer } from '../helpers/server.js';
import { waitFor } from '../helpers/wait.js';
import { teamIds, playerOf, type TestMatch, walkoverEvent } from '../helpers/walkovers.js';

/** Forfeits (API.md decision 60) in every format, and their webhooks (66). */

let server: TestServer;
let receiver: WebhookReceiver;
const { start, bracket, matches, matchOf, forfeit } = walkoverEvent((s, r) => {
  server = s;
  receiver = r;
});

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
