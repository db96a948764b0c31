import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import type { App } from '../../server/index.js';
import type { Match } from '../../shared/contracts/matches.js';
import { groupSizes } from '../../shared/domain/group-stage.js';
import { seededRandom } from '../../shared/domain/seed-order.js';
import { addTeams, createTestApp } from '../helpers/app.js';

let app: App | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

interface Shape {
  teams: number;
  groupCount: number;
  advancePerGroup: number;
  groupType: 'round_robin' | 'swiss';
  playoffType: 'single_elimination' | 'double_elimination';
  seed: number;
}

/** A group stage that decision 24 accepts: 2 teams a group at least, fewer advancing than the smallest. */
const shapes = fc
  .record({
    teams: fc.integer({ min: 3, max: 40 }),
    groups: fc.integer({ min: 1, max: 8 }),
    advance: fc.integer({ min: 1, max: 4 }),
    groupType: fc.constantFrom('round_robin' as const, 'swiss' as const),
    playoffType: fc.constantFrom('single_elimination' as const, 'double_elimination' as const),
    seed: fc.nat(),
  })
  .map(({ teams, groups, advance, ...rest }): Shape => {
    const groupCount = Math.min(groups, Math.floor(teams / 2));
    const smallest = Math.min(...groupSizes(teams, groupCount));
    const advancePerGroup = Math.max(Math.min(advance, smallest - 1), groupCount === 1 ? 2 : 1);
    return { teams, groupCount, advancePerGroup, ...rest };
  })
  .filter((s) => s.advancePerGroup < Math.min(...groupSizes(s.teams, s.groupCount)));

/** Plays the tournament through the service: the first ready match in the queue, random results (draws in groups). */
async function playOut(shape: Shape): Promise<{ matches: Match[]; order: Match[] }> {
  app = await createTestApp();
  const { tournament } = app.services;
  await tournament.create({
    name: 'Prop Stages',
    type: 'groups_playoffs',
    format: 'bo1',
    teamIds: await addTeams(app, shape.teams),
    settings: { veto: false },
    stages: [
      {
        kind: 'groups',
        type: shape.groupType,
        groupCount: shape.groupCount,
        advancePerGroup: shape.advancePerGroup,
      },
      { kind: 'playoffs', type: shape.playoffType },
    ],
  });
  await tournament.start(undefined, true); // force: the checks before the start are not the subject
  const random = seededRandom(shape.seed);
  const order: Match[] = [];
  for (;;) {
    const { matches } = await tournament.bracket();
    const next = matches
      .filter((m) => m.status === 'ready')
      .sort((a, b) => a.queuePosition! - b.queuePosition!)[0];
    if (!next) {
      return { matches, order };
    }
    order.push(next);
    const roll = random();
    const winner = next.stage === 'groups' && roll < 0.15 ? null : roll < 0.575 ? 'team1' : 'team2';
    await tournament.recordSeriesResult(next.slug, { winner, action: 'decide_winner' });
  }
}

describe('groups then playoffs (random results, through the service)', () => {
  it('plays every group, fills the playoffs with the top of each group, and crowns one of them', async () => {
    await fc.assert(
      fc.asyncProperty(shapes, async (shape) => {
        const { matches, order } = await playOut(shape);
        const t = await app!.services.tournament.get();
        expect(t.status).toBe('completed');
        const { stages } = await app!.services.tournament.bracket();
        const groupStage = stages[0]!;
        if (!('groups' in groupStage)) {
          throw new Error('no groups in the bracket answer');
        }
        // Every team in one group; sizes differ by at most one.
        const members = groupStage.groups.flatMap((g) => g.teamIds);
        expect(new Set(members).size).toBe(shape.teams);
        const sizes = groupStage.groups.map((g) => g.teamIds.length);
        expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);

        // The queue plays every group match before any playoff match.
        const firstPlayoff = order.findIndex((m) => m.stage === 'playoffs');
        expect(order.slice(firstPlayoff).every((m) => m.stage === 'playoffs')).toBe(true);

        // The playoffs hold exactly the qualified: the top of each completed group.
        const qualified = groupStage.groups.flatMap((g) =>
          g.standings.filter((s) => s.qualified).map((s) => s.teamId),
        );
        expect(qualified).toHaveLength(shape.groupCount * shape.advancePerGroup);
        const playoffs = matches.filter((m) => m.stage === 'playoffs');
        const inPlayoffs = new Set(playoffs.flatMap((m) => [m.team1?.id, m.team2?.id]).filter(Boolean));
        expect([...inPlayoffs].sort()).toEqual([...qualified].sort());
        expect(qualified).toContain(t.winner!.id);

        // Draws only in groups; group-mates apart in the first playoff round with up to 2 per group.
        const played = playoffs.filter((m) => m.displayStatus !== 'BYE');
        expect(played.every((m) => m.status === 'completed' && m.winnerId !== null)).toBe(true);
        if (shape.groupCount > 1 && shape.advancePerGroup <= 2) {
          const groupOf = new Map(groupStage.groups.flatMap((g) => g.teamIds.map((id) => [id, g.name])));
          const firstRound = playoffs.filter(
            (m) => m.round === 1 && (m.bracket === 'SE' || m.bracket === 'UB') && m.team1 && m.team2,
          );
          for (const m of firstRound) {
            expect(groupOf.get(m.team1!.id), m.label).not.toBe(groupOf.get(m.team2!.id));
          }
        }
        // One leaderboard entry per team, the champion first; the teams that did not qualify last.
        const board = (await app!.services.tournament.leaderboard(t.id)).map((e) => ({
          rank: e.rank,
          teamId: 'teamId' in e ? e.teamId : e.playerId,
        }));
        expect(board).toHaveLength(shape.teams);
        expect(board.filter((e) => e.rank === 1).map((e) => e.teamId)).toEqual([t.winner!.id]);
        const lastQualified = Math.max(
          ...board.filter((e) => qualified.includes(e.teamId)).map((e) => e.rank),
        );
        expect(board.filter((e) => !qualified.includes(e.teamId)).every((e) => e.rank > lastQualified)).toBe(
          true,
        );
        await app!.close();
        app = undefined;
      }),
      { numRuns: 10 },
    );
  }, 120_000);
});
