import { describe, expect, it } from 'vitest';
import {
  planAllocation,
  queueOrder,
  refusalBackoffMs,
  type WaitingMatch,
} from '../../shared/domain/allocation.js';

const match = (slug: string, teams: [string, string], fields: Partial<WaitingMatch> = {}): WaitingMatch => ({
  slug,
  team1Id: teams[0],
  team2Id: teams[1],
  manual: false,
  queuePosition: null,
  createdAt: 100,
  serverId: null,
  ...fields,
});
const server = (id: string, free = true, blockedReason: string | null = null) => ({
  id,
  free,
  blockedReason,
});

describe('allocation queue', () => {
  it('orders manual matches first (oldest first), then the bracket play order', () => {
    const list = [
      match('ub-2', ['a', 'b'], { queuePosition: 2 }),
      match('manual-late', ['c', 'd'], { manual: true, createdAt: 200 }),
      match('ub-1', ['e', 'f'], { queuePosition: 1 }),
      match('manual-early', ['g', 'h'], { manual: true, createdAt: 50 }),
    ];
    expect(queueOrder(list).map((m) => m.slug)).toEqual(['manual-early', 'manual-late', 'ub-1', 'ub-2']);
  });

  it('gives free servers in queue order; the rest wait with their positions', () => {
    const plan = planAllocation(
      [
        match('m3', ['e', 'f'], { queuePosition: 3 }),
        match('m1', ['a', 'b'], { queuePosition: 1 }),
        match('m2', ['c', 'd'], { queuePosition: 2 }),
      ],
      new Set(),
      [server('s1'), server('s2')],
    );
    expect(plan.assignments).toEqual([
      { slug: 'm1', serverId: 's1' },
      { slug: 'm2', serverId: 's2' },
    ]);
    expect(plan.waiting).toEqual([{ slug: 'm3', position: 1, reason: 'no_free_server' }]);
  });

  it('a team plays one match at a time: a later match of a free pair goes first', () => {
    const plan = planAllocation(
      [
        match('m1', ['a', 'b'], { queuePosition: 1 }),
        match('m2', ['a', 'c'], { queuePosition: 2 }),
        match('m3', ['d', 'e'], { queuePosition: 3 }),
      ],
      new Set(['x']),
      [server('s1'), server('s2'), server('s3')],
    );
    expect(plan.assignments.map((a) => a.slug)).toEqual(['m1', 'm3']);
    expect(plan.waiting).toEqual([{ slug: 'm2', position: 1, reason: 'team_busy' }]);
    const busy = planAllocation([match('m1', ['a', 'b'])], new Set(['b']), [server('s1')]);
    expect(busy.assignments).toEqual([]);
  });

  it('skips busy and blocked servers (outdated, unverified, disabled, holding a demo)', () => {
    const plan = planAllocation([match('m1', ['a', 'b']), match('m2', ['c', 'd'])], new Set(), [
      server('busy', false),
      server('old', true, 'update_required'),
      server('new', true, 'unverified'),
      server('off', true, 'disabled'),
      server('demo', true, 'holding_demo'),
      server('ok'),
    ]);
    expect(plan.assignments).toEqual([{ slug: 'm1', serverId: 'ok' }]);
    expect(plan.waiting[0]).toMatchObject({ slug: 'm2', reason: 'no_free_server' });
  });

  it('a manual match with a chosen server waits for that one; a refusing server is tried last', () => {
    const chosen = planAllocation([match('m1', ['a', 'b'], { manual: true, serverId: 's2' })], new Set(), [
      server('s1'),
    ]);
    expect(chosen.waiting).toEqual([{ slug: 'm1', position: 1, reason: 'server_busy' }]);
    const avoid = planAllocation([match('m1', ['a', 'b'], { avoidServerIds: ['s1'] })], new Set(), [
      server('s1'),
      server('s2'),
    ]);
    expect(avoid.assignments).toEqual([{ slug: 'm1', serverId: 's2' }]);
    const onlyAvoided = planAllocation([match('m1', ['a', 'b'], { avoidServerIds: ['s1'] })], new Set(), [
      server('s1'),
    ]);
    expect(onlyAvoided.assignments).toEqual([{ slug: 'm1', serverId: 's1' }]);
  });

  it('a server that refused the match too recently is not asked: the match waits, or takes another', () => {
    const held = { avoidServerIds: ['s1'], heldOffServerIds: ['s1'] };
    const waiting = planAllocation([match('m1', ['a', 'b'], held)], new Set(), [server('s1')]);
    expect(waiting.assignments).toEqual([]);
    expect(waiting.waiting).toEqual([{ slug: 'm1', position: 1, reason: 'no_free_server' }]);
    // The held-off server stays free for the next match in the queue.
    const other = planAllocation(
      [match('m1', ['a', 'b'], { ...held, queuePosition: 1 }), match('m2', ['c', 'd'], { queuePosition: 2 })],
      new Set(),
      [server('s1'), server('s2')],
    );
    expect(other.assignments).toEqual([
      { slug: 'm1', serverId: 's2' },
      { slug: 'm2', serverId: 's1' },
    ]);
  });

  it('backs off 1, 2, 4 … s after refusals in a row, capped at 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(refusalBackoffMs)).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });
});

describe('a player in two tournaments (API.md decision 73)', () => {
  it('waits while the player plays another match, and is loaded into one match of a pass only', () => {
    const busy = planAllocation(
      [match('side-1', ['x', 'y'], { queuePosition: 1, playerIds: ['p1', 'p9'] })],
      new Set(['a']),
      [server('s1')],
      new Set(['p1']),
    );
    expect(busy).toEqual({
      assignments: [],
      waiting: [{ slug: 'side-1', position: 1, reason: 'player_busy', players: ['p1'] }],
    });

    const onePass = planAllocation(
      [
        match('main-1', ['a', 'b'], { queuePosition: 1, playerIds: ['p1', 'p2'] }),
        match('side-1', ['x', 'y'], { queuePosition: 2, playerIds: ['p1', 'p3'] }),
        match('side-2', ['v', 'w'], { queuePosition: 3, playerIds: ['p4', 'p5'] }),
      ],
      new Set(),
      [server('s1'), server('s2'), server('s3')],
    );
    expect(onePass.assignments.map((a) => a.slug)).toEqual(['main-1', 'side-2']);
    expect(onePass.waiting).toEqual([
      { slug: 'side-1', position: 1, reason: 'player_busy', players: ['p1'] },
    ]);
  });
});
