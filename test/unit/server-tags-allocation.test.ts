import { describe, expect, it } from 'vitest';
import { planAllocation, type WaitingMatch } from '../../shared/domain/allocation.js';
import { missingTags, requiredTags } from '../../shared/domain/server-tags.js';

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
const server = (id: string, tags: string[]) => ({ id, free: true, blockedReason: null, tags });

describe('allocation by server tags (decision 74)', () => {
  it('merges the tags of tournament, stage, round and the stage queue without repeats', () => {
    expect(requiredTags(['wingman'], undefined, ['wingman', 'lan'], false)).toEqual(['wingman', 'lan']);
    expect(requiredTags(null, [], ['stage'])).toEqual(['stage']);
  });

  it('names the tags a server lacks', () => {
    expect(missingTags(['stage', 'wingman'], ['wingman', 'stage'])).toEqual([]);
    expect(missingTags(['wingman'], ['wingman', 'stage'])).toEqual(['stage']);
  });

  it('sends a tagged match only to a server carrying all its tags', () => {
    const plan = planAllocation(
      [match('m1', ['a', 'b'], { queuePosition: 1, requiredTags: ['wingman', 'stage'] })],
      new Set(),
      [server('s1', ['wingman']), server('s2', ['stage', 'wingman'])],
    );
    expect(plan.assignments).toEqual([{ slug: 'm1', serverId: 's2' }]);
  });

  it('lets an untagged match take a tagged server, but spares it while an untagged one is free', () => {
    const spare = planAllocation([match('m1', ['a', 'b'])], new Set(), [
      server('stage-pc', ['stage']),
      server('box', []),
    ]);
    expect(spare.assignments).toEqual([{ slug: 'm1', serverId: 'box' }]);
    const only = planAllocation([match('m1', ['a', 'b'])], new Set(), [server('stage-pc', ['stage'])]);
    expect(only.assignments).toEqual([{ slug: 'm1', serverId: 'stage-pc' }]);
  });

  it('says a match waits for a free server with its tags, while later matches go on', () => {
    const plan = planAllocation(
      [
        match('m1', ['a', 'b'], { queuePosition: 1, requiredTags: ['stage'] }),
        match('m2', ['c', 'd'], { queuePosition: 2 }),
      ],
      new Set(),
      [server('box', ['wingman'])],
    );
    expect(plan.assignments).toEqual([{ slug: 'm2', serverId: 'box' }]);
    expect(plan.waiting).toEqual([{ slug: 'm1', position: 1, reason: 'no_tagged_server', tags: ['stage'] }]);
  });
});
