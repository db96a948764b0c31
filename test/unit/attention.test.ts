import { describe, expect, it } from 'vitest';
import {
  callAnswered,
  callMessage,
  callWaitSeconds,
  longPauses,
  missingDemos,
  reconcile,
  type WantedItem,
} from '../../shared/domain/attention.js';

const wanted = (kind: WantedItem['kind'], key: string): WantedItem => ({ kind, key, since: 0, message: key });

describe('a sweep of the attention queue', () => {
  it('raises what is new, clears what is gone, and leaves other kinds to their features', () => {
    const stored = [
      { id: 1, kind: 'decision' as const, key: 'a' },
      { id: 2, kind: 'decision' as const, key: 'b' },
      { id: 3, kind: 'no_show' as const, key: 'c' },
    ];
    const { raise, clear } = reconcile(
      stored,
      [wanted('decision', 'a'), wanted('paused', 'a')],
      ['decision', 'paused'],
    );
    expect(raise.map((r) => `${r.kind}:${r.key}`)).toEqual(['paused:a']);
    expect(clear.map((c) => c.id)).toEqual([2]);
  });
});

describe('long pauses', () => {
  const paused = [{ slug: 'm1', label: 'M1', serverId: 's1', pausedSince: 1000 }];
  it('come due after the set minutes, dated when they became long', () => {
    expect(longPauses(paused, 1000 + 299, 5)).toEqual([]);
    expect(longPauses(paused, 1000 + 300, 5)).toMatchObject([
      { kind: 'paused', key: 'm1', matchSlug: 'm1', serverId: 's1', since: 1300 },
    ]);
  });
  it('never come with the alert off', () => {
    expect(longPauses(paused, 999_999, 0)).toEqual([]);
  });
});

describe('missing demos', () => {
  const end = { slug: 'm1', label: 'M1', serverId: null, mapNumber: 1, endedAt: 1000, hasDemo: false };
  it('are missing 10 minutes after the map ended, one item per map, named from 1', () => {
    expect(missingDemos([end], 1599)).toEqual([]);
    const [item] = missingDemos([end], 1600);
    expect(item).toMatchObject({ kind: 'demo_missing', key: 'm1:1', since: 1600 });
    expect(item!.message).toContain('map 2');
    expect(item).not.toHaveProperty('serverId');
  });
  it('are not missing once stored', () => {
    expect(missingDemos([{ ...end, hasDemo: true }], 99_999)).toEqual([]);
  });
});

describe('calls', () => {
  it('allow one per 2 minutes', () => {
    expect(callWaitSeconds(undefined, 500)).toBe(0);
    expect(callWaitSeconds(500, 500 + 119)).toBe(1);
    expect(callWaitSeconds(500, 500 + 120)).toBe(0);
  });

  it('are answered when their match is over, or a while after being seen outside a match', () => {
    const open = new Set(['live-one']);
    const call = { kind: 'call' as const, key: 'k', matchSlug: 'live-one', acknowledgedAt: null };
    expect(callAnswered(call, open, 0)).toBe(false);
    expect(callAnswered({ ...call, matchSlug: 'done' }, open, 0)).toBe(true);
    const loose = { ...call, matchSlug: null };
    expect(callAnswered(loose, open, 10_000)).toBe(false);
    expect(callAnswered({ ...loose, acknowledgedAt: 100 }, open, 100 + 899)).toBe(false);
    expect(callAnswered({ ...loose, acknowledgedAt: 100 }, open, 100 + 900)).toBe(true);
  });

  it('name the player, team, match and server, and quote the words', () => {
    expect(
      callMessage({
        playerName: 'alice',
        platformId: '76561198000000001',
        teamName: 'Red',
        matchLabel: 'UB R1 M1 (Red vs Blue)',
        serverName: 'LAN 1',
        text: 'mouse broke',
      }),
    ).toBe(
      'alice (76561198000000001) of Red in UB R1 M1 (Red vs Blue) on LAN 1 calls an admin: "mouse broke"',
    );
    expect(
      callMessage({
        playerName: 'bob',
        platformId: '76561198000000002',
        teamName: null,
        matchLabel: null,
        serverName: null,
        text: 'hi',
      }),
    ).toBe('bob (76561198000000002) on no team calls an admin: "hi"');
  });
});
