import { describe, expect, it } from 'vitest';
import {
  buildWebhookBody,
  connectPayload,
  progressEvents,
  retryDelay,
  scoreUpdateTiming,
  type PayloadMatch,
} from '../../shared/domain/webhook-events.js';
import type { MapProgress, MatchProgress } from '../../shared/domain/match-progress.js';
import { isPrivateAddress } from '../../server/features/webhooks/address-guard.js';
import { verifySignature } from '../fakes/webhook-receiver.js';
import { signatureHeader } from '../../server/features/webhooks/signature.js';

const map = (number: number, team1Score: number, team2Score: number, finished = false): MapProgress => ({
  number,
  team1Score,
  team2Score,
  lastRound: team1Score + team2Score,
  team1Damage: 0,
  team2Damage: 0,
  finished,
  winner: finished ? (team1Score > team2Score ? 'team1' : 'team2') : null,
  decidedBy: finished ? 'rounds' : null,
});
const progress = (p: Partial<MatchProgress>): MatchProgress => ({
  status: 'loaded',
  phase: null,
  currentMapNumber: null,
  team1SeriesScore: 0,
  team2SeriesScore: 0,
  team1MapScore: 0,
  team2MapScore: 0,
  maps: [],
  ...p,
});

describe('the retry schedule', () => {
  it('waits 10 s, 30 s, 2 min, 10 min, 30 min, 1 h, 2 h, 4 h, 8 h, then gives up', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(retryDelay)).toEqual([
      10,
      30,
      120,
      600,
      1800,
      3600,
      7200,
      14400,
      28800,
      null,
    ]);
  });
});

describe('the score throttle', () => {
  it('sends the first update and then at most one per 5 seconds', () => {
    expect(scoreUpdateTiming(100, null)).toEqual({ send: true });
    expect(scoreUpdateTiming(104, 100)).toEqual({ send: false, at: 105 });
    expect(scoreUpdateTiming(105, 100)).toEqual({ send: true });
  });
});

describe('webhook events of a plugin event', () => {
  it('names going live, a new map, a score change and a map end in that order', () => {
    expect(
      progressEvents(progress({}), progress({ status: 'live', currentMapNumber: 0, maps: [map(0, 0, 0)] })),
    ).toEqual([{ type: 'match.live' }, { type: 'match.map_started', mapNumber: 0 }]);
    const live = progress({ status: 'live', currentMapNumber: 0, maps: [map(0, 3, 2)] });
    expect(progressEvents(live, { ...live, maps: [map(0, 4, 2)] })).toEqual([
      { type: 'match.score_updated', mapNumber: 0 },
    ]);
    expect(progressEvents(live, { ...live, maps: [map(0, 13, 2, true)] })).toEqual([
      { type: 'match.map_ended', mapNumber: 0 },
    ]);
    expect(progressEvents(live, live)).toEqual([]);
  });

  it('never reports a late round of an earlier map as a score change of the current one', () => {
    const before = progress({
      status: 'live',
      currentMapNumber: 1,
      maps: [map(0, 13, 2, true), map(1, 1, 0)],
    });
    expect(progressEvents(before, { ...before, maps: [map(0, 13, 2, true), map(1, 1, 0)] })).toEqual([]);
  });
});

describe('the payload', () => {
  const match: PayloadMatch = {
    slug: 'm',
    matchid: 7,
    tournamentId: 3,
    status: 'live',
    format: 'bo1',
    label: 'A vs B',
    team1: { id: 'a', name: 'A', tag: 'A', externalIds: new Map([['site', '42']]), players: [] },
    team2: {
      id: 'b',
      name: 'B',
      tag: 'B',
      externalIds: new Map([
        ['site', '43'],
        ['other', 'x'],
      ]),
      players: [{ platformId: '76561198000000001', name: 'p' }],
    },
    maps: [{ number: 0, name: 'de_nuke', team1Score: 5, team2Score: 3, winner: null }],
    team1SeriesScore: 0,
    team2SeriesScore: 0,
    mapAdvantage: null,
    winnerId: null,
    forfeit: false,
  };
  const event = {
    id: 'evt_1',
    type: 'match.score_updated' as const,
    createdAt: 1,
    test: false,
    sequence: 4,
    match,
    mapNumber: 0,
    server: { host: '10.0.0.5', port: 27015, password: 'pw' },
  };

  it('carries the external id of the endpoint’s source (or the only one), players and connect', () => {
    const body = buildWebhookBody(event, 'site');
    // Several tournaments run at once: the body says which one (API.md decision 73).
    expect(body.data.match.tournament_id).toBe(3);
    expect(body.data.match.team2).toMatchObject({
      external_id: '43',
      players: [{ platform_id64: '76561198000000001' }],
    });
    expect(buildWebhookBody(event, null).data.match.team1?.external_id).toBe('42');
    expect(buildWebhookBody(event, null).data.match.team2?.external_id).toBeNull();
    expect(body.data.map).toEqual({
      number: 0,
      name: 'de_nuke',
      team1_score: 5,
      team2_score: 3,
      winner: null,
    });
    expect(body.data.connect).toMatchObject({ platform_url: 'steam://connect/10.0.0.5:27015/pw' });
  });

  it('tells a moved match’s servers and round, with the new connect line (API.md decision 55)', () => {
    const moved = buildWebhookBody(
      { ...event, type: 'match.moved', moved: { from: 'lan-1', to: 'lan-2', mapNumber: 0, round: 7 } },
      null,
    );
    expect(moved.data).toMatchObject({
      moved: { from: 'lan-1', to: 'lan-2', map_number: 0, round: 7 },
      connect: { console: 'connect 10.0.0.5:27015; password pw' },
    });
    expect(buildWebhookBody(event, null).data).not.toHaveProperty('moved');
  });

  it('leaves connect out of finished, cancelled and reset', () => {
    for (const type of ['match.finished', 'match.cancelled', 'match.reset'] as const) {
      expect(buildWebhookBody({ ...event, type }, null).data).not.toHaveProperty('connect');
    }
  });
});

describe('the connect block', () => {
  it('names the password when the server has one', () => {
    expect(connectPayload({ host: '10.0.0.5', port: 27015, password: 'pw' })).toMatchObject({
      console: 'connect 10.0.0.5:27015; password pw',
      platform_url: 'steam://connect/10.0.0.5:27015/pw',
    });
  });

  it('leaves the password out when there is none', () => {
    expect(connectPayload({ host: '10.0.0.5', port: 27015, password: '' })).toMatchObject({
      console: 'connect 10.0.0.5:27015',
      platform_url: 'steam://connect/10.0.0.5:27015',
    });
  });
});

describe('the private-address guard', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.10',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    'fe80::1',
    'fd00::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '224.0.0.1',
  ])('treats %s as private or local', (address) => expect(isPrivateAddress(address)).toBe(true));
  it.each(['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111', '172.32.0.1'])(
    'treats %s as public',
    (address) => expect(isPrivateAddress(address)).toBe(false),
  );
});

describe('signature verification (the README receiver)', () => {
  const raw = Buffer.from('{"id":"evt_1"}');
  const header = signatureHeader('whsec_secret', 1000, raw.toString());

  it('accepts a fresh signature, also among several v1 values', () => {
    expect(verifySignature(header, raw, 'whsec_secret', 1000)).toEqual({ ok: true });
    const v1 = header.split('v1=')[1];
    expect(verifySignature(`t=1000,v1=${'0'.repeat(64)},v1=${v1}`, raw, 'whsec_secret', 1000)).toEqual({
      ok: true,
    });
  });

  it('refuses another body, another secret and a time more than 300 s away', () => {
    expect(verifySignature(header, Buffer.from('{"id":"evt_2"}'), 'whsec_secret', 1000).ok).toBe(false);
    expect(verifySignature(header, raw, 'whsec_other', 1000).ok).toBe(false);
    expect(verifySignature(header, raw, 'whsec_secret', 1301)).toEqual({
      ok: false,
      reason: 'timestamp outside the tolerance',
    });
    expect(verifySignature(header, raw, 'whsec_secret', 1300).ok).toBe(true);
  });
});
