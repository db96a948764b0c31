import { BracketsManager } from 'brackets-manager';
import { Status, type GrandFinalType, type Match, type StageType } from 'brackets-model';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqlBracketsStorage } from '../../server/db/brackets-storage.js';
import { createSqlitePort } from '../../server/db/sqlite-driver.js';
import { closeDatabase, openDatabase, type Db } from '../../server/db/open.js';
import type { SqlPort } from '../../server/db/sql-port.js';
import { labelStage, type BracketMatchLabel } from '../../shared/domain/bracket-labels.js';
import { bracketSeeding, seedNumber } from '../../shared/domain/seeding.js';
import { seededRandom } from '../../shared/domain/seed-order.js';
import { playsThirdPlaceMatch } from '../../shared/domain/tournament-rules.js';
import { tempDir } from '../helpers/temp-dir.js';

let db: Db;
let sql: SqlPort;
let manager: BracketsManager;
let nextTournamentId = 0;
beforeAll(() => {
  db = openDatabase(tempDir('md-properties-'));
  sql = createSqlitePort(db, { onTransactionWaited: 'throw' });
  manager = new BracketsManager(new SqlBracketsStorage(sql));
});
afterAll(() => closeDatabase(db));

interface Played {
  label: string;
  bracket: BracketMatchLabel['bracket'];
  queuePosition: number;
  team1: number;
  team2: number;
  /** null: a draw. */
  winner: number | null;
}

interface Stage {
  type: StageType;
  grandFinal?: GrandFinalType;
  thirdPlace?: boolean;
  draws?: boolean;
}

const teamOf = (side: Match['opponent1']) => (side?.id == null ? null : Number(side.id));
const outcomeOf = (m: Match, result: 'win' | 'loss') =>
  m.opponent1?.result === result
    ? teamOf(m.opponent1)
    : m.opponent2?.result === result
      ? teamOf(m.opponent2)
      : null;

/**
 * Generates a stage of `n` teams with brackets-manager and plays it out, always the lowest queue position
 * first, with seeded random results. On every step it checks the queue: positions only on matches with
 * both teams, never changing once given, increasing in play order; and every empty slot's name comes
 * true: the team that fills "Winner of X" won X. Broken rules are collected (an `expect` per match and
 * step would dominate the run time) and asserted at the end.
 */
async function playOut(n: number, stage: Stage, seed: number) {
  // One transaction per run: a commit per brackets-manager write costs a third of the run time.
  return sql.tx(async () => {
    const random = seededRandom(seed);
    const created = await manager.create.stage({
      tournamentId: nextTournamentId++,
      name: 'Property Cup',
      type: stage.type,
      seeding: bracketSeeding(
        Array.from({ length: n }, (_, i) => `S${i + 1}`),
        stage.type,
      ),
      settings: {
        grandFinal: stage.grandFinal,
        consolationFinal: playsThirdPlaceMatch(n, stage.thirdPlace ?? false),
        groupCount: 1,
      },
    });
    const stageId = Number(created.id);
    const broken: string[] = [];
    const positionGiven = new Map<number, number>();
    const slotNames = new Map<string, string>();
    const played: Played[] = [];

    for (;;) {
      const data = await manager.get.stageData(stageId);
      const labels = labelStage(data);
      const matchById = new Map(data.match.map((m) => [Number(m.id), m]));
      const matchByLabel = new Map(labels.map((l) => [l.label, matchById.get(l.matchId)!]));
      for (const l of labels) {
        const m = matchById.get(l.matchId)!;
        broken.push(...slotNamesBroken(l, m, slotNames, matchByLabel));
        if (l.queuePosition === null) {
          continue;
        }
        if (teamOf(m.opponent1) === null || teamOf(m.opponent2) === null) {
          broken.push(`${l.label} is queued without both teams`);
        }
        if ((positionGiven.get(l.matchId) ?? l.queuePosition) !== l.queuePosition) {
          broken.push(`${l.label} moved in the queue`);
        }
        positionGiven.set(l.matchId, l.queuePosition);
      }
      const next = labels
        .filter((l) => l.queuePosition !== null && matchById.get(l.matchId)!.status === Status.Ready)
        .sort((a, b) => a.queuePosition! - b.queuePosition!)[0];
      if (!next) {
        break;
      }
      if (next.queuePosition! <= (played.at(-1)?.queuePosition ?? 0)) {
        broken.push(`${next.label} (${next.queuePosition}) is played after ${played.at(-1)!.label}`);
      }
      const m = matchById.get(next.matchId)!;
      const roll = random();
      const winner = stage.draws && roll < 0.15 ? null : roll < 0.575 ? 1 : 2;
      await manager.update.match({
        id: m.id,
        opponent1: { result: winner === null ? 'draw' : winner === 1 ? 'win' : 'loss' },
        opponent2: { result: winner === null ? 'draw' : winner === 2 ? 'win' : 'loss' },
      });
      const [team1, team2] = [teamOf(m.opponent1)!, teamOf(m.opponent2)!];
      played.push({
        label: next.label,
        bracket: next.bracket,
        queuePosition: next.queuePosition!,
        team1,
        team2,
        winner: winner === null ? null : winner === 1 ? team1 : team2,
      });
    }
    expect(broken).toEqual([]);
    expect(positionGiven.size).toBe(played.length);
    // brackets-manager readies the reset even when the upper-bracket team won the grand final; nothing
    // else may be left ready.
    const end = await manager.get.stageData(stageId);
    const endLabels = new Map(labelStage(end).map((l) => [l.matchId, l]));
    const grandFinal = end.match.find((m) => endLabels.get(Number(m.id))!.bracket === 'GF');
    const leftReady = end.match.filter((m) => m.status === Status.Ready || m.status === Status.Running);
    expect(leftReady.map((m) => endLabels.get(Number(m.id))!.label)).toEqual(
      grandFinal?.opponent1?.result === 'win' && stage.grandFinal === 'double' ? ['Grand Final (reset)'] : [],
    );
    return { played, stageId };
  });
}

/** Teams ranked first by brackets-manager's final standings of an elimination stage. */
async function championsOf(stageId: number): Promise<number[]> {
  const standings = await manager.get.finalStandings(stageId);
  return standings.filter((s) => s.rank === 1).map((s) => Number(s.id));
}

/** Remembers the name of each empty slot; once the slot is filled, its team must be the one named. */
function slotNamesBroken(
  l: BracketMatchLabel,
  m: Match,
  slotNames: Map<string, string>,
  matchByLabel: ReadonlyMap<string, Match>,
): string[] {
  const broken: string[] = [];
  for (const [side, placeholder] of [
    ['opponent1', l.team1Placeholder],
    ['opponent2', l.team2Placeholder],
  ] as const) {
    const key = `${l.matchId}:${side}`;
    const team = teamOf(m[side]);
    const named = slotNames.get(key);
    if (placeholder !== null) {
      slotNames.set(key, placeholder);
    } else if (team !== null && named !== undefined) {
      const [, result, origin] = /^(Winner|Loser) of (.+)$/.exec(named)!;
      if (team !== outcomeOf(matchByLabel.get(origin!)!, result === 'Winner' ? 'win' : 'loss')) {
        broken.push(`${l.label} ${side} was "${named}" but team ${team} came`);
      }
      slotNames.delete(key);
    }
  }
  return broken;
}

/** Losses per team and each team's last match; checks that nobody plays on after `lives` losses. */
function records(played: readonly Played[], lives: number) {
  const losses = new Map<number, number>();
  const lastMatch = new Map<number, Played>();
  for (const p of played) {
    for (const team of [p.team1, p.team2]) {
      expect(losses.get(team) ?? 0, `team ${team} plays ${p.label} when already out`).toBeLessThan(lives);
      lastMatch.set(team, p);
    }
    if (p.winner !== null) {
      const loser = p.winner === p.team1 ? p.team2 : p.team1;
      losses.set(loser, (losses.get(loser) ?? 0) + 1);
    }
  }
  return { losses, lastMatch };
}

const seeds = fc.integer().map(seedNumber);
const teamCounts = fc.integer({ min: 2, max: 130 });

describe('brackets-manager stages driven to the end with random results (labels and queue checked on every step)', () => {
  it('single elimination: n-1 matches (+1 third place from 4 teams), one champion, out at the first loss', async () => {
    await fc.assert(
      fc.asyncProperty(teamCounts, fc.boolean(), seeds, async (n, thirdPlace, seed) => {
        const { played, stageId } = await playOut(n, { type: 'single_elimination', thirdPlace }, seed);
        const champions = await championsOf(stageId);
        expect(played).toHaveLength(n - 1 + (playsThirdPlaceMatch(n, thirdPlace) ? 1 : 0));
        // The third place match is played by teams already out of the title race.
        const { losses } = records(
          played.filter((p) => p.label !== 'Third Place'),
          1,
        );
        expect(new Set(played.flatMap((p) => [p.team1, p.team2])).size).toBe(n);
        expect(champions).toHaveLength(1);
        expect(losses.has(champions[0]!)).toBe(false);
        expect(losses.size).toBe(n - 1);
        expect([...losses.values()].every((count) => count === 1)).toBe(true);
        expect(played.at(-1)!.label).toBe('Final');
      }),
      { numRuns: 25 },
    );
  }, 90_000);

  it('double elimination: 2n-2 matches (2n-1 with the reset played, 2n-3 without a grand final), out at the second loss', async () => {
    await fc.assert(
      fc.asyncProperty(
        teamCounts,
        fc.constantFrom<GrandFinalType>('simple', 'double', 'none'),
        seeds,
        async (n, grandFinal, seed) => {
          const { played, stageId } = await playOut(n, { type: 'double_elimination', grandFinal }, seed);
          const { losses, lastMatch } = records(played, 2);
          expect(new Set(played.flatMap((p) => [p.team1, p.team2])).size).toBe(n);
          if (n === 2) {
            // brackets-manager plays two teams as one match, no lower bracket (and has no final standings).
            expect(played.map((p) => p.label)).toEqual(['UB R1 M1']);
            return;
          }
          const champions = await championsOf(stageId);
          expect(champions).toHaveLength(1);
          const champion = champions[0]!;
          const resetPlayed = played.some((p) => p.bracket === 'GF2');
          expect(played).toHaveLength(grandFinal === 'none' ? 2 * n - 3 : 2 * n - 2 + (resetPlayed ? 1 : 0));
          expect(lastMatch.get(champion)!.winner).toBe(champion);
          // The champion lost at most once; a lost first grand final always brings the reset in mode double.
          const championLosses = losses.get(champion) ?? 0;
          expect(championLosses).toBeLessThanOrEqual(1);
          if (grandFinal !== 'simple') {
            expect(championLosses).toBe(resetPlayed ? 1 : 0);
          }
          // Everyone else is out after two losses, except the finalist a single grand final sends home
          // after one (the upper-bracket team losing it), or with no grand final the lower-bracket winner.
          expect(losses.size).toBe(n - (losses.has(champion) ? 0 : 1));
          const outAfterOne = [...losses].filter(([team, count]) => team !== champion && count === 1);
          expect(outAfterOne.length).toBeLessThanOrEqual(grandFinal === 'double' ? 0 : 1);
          for (const [team] of outAfterOne) {
            const last = lastMatch.get(team)!;
            expect(last.bracket).toBe(grandFinal === 'none' ? 'LB' : 'GF');
            expect(last.winner === team).toBe(grandFinal === 'none');
          }
          expect(played.at(-1)!.bracket).toBe(grandFinal === 'none' ? 'LB' : resetPlayed ? 'GF2' : 'GF');
        },
      ),
      { numRuns: 30 },
    );
  }, 90_000);

  it('round robin: every pair meets once, draws allowed, every match queued in play order', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 2, max: 24 }), seeds, async (n, seed) => {
        const { played } = await playOut(n, { type: 'round_robin', draws: true }, seed);
        const pairs = new Set(played.map((p) => [p.team1, p.team2].sort((a, b) => a - b).join('-')));
        expect(played).toHaveLength((n * (n - 1)) / 2);
        expect(pairs.size).toBe(played.length);
        expect(new Set(played.flatMap((p) => [p.team1, p.team2])).size).toBe(n);
        expect(played.every((p) => p.label.startsWith('RR R'))).toBe(true);
      }),
      { numRuns: 20 },
    );
  });
});
