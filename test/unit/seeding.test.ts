import { BracketsManager } from 'brackets-manager';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqlBracketsStorage } from '../../server/db/brackets-storage.js';
import { createSqlitePort } from '../../server/db/sqlite-driver.js';
import { closeDatabase, openDatabase, type Db } from '../../server/db/open.js';
import { bracketSeeding, bracketSize, seedNumber, seedTeams } from '../../shared/domain/seeding.js';
import { tempDir } from '../helpers/temp-dir.js';

const teams = Array.from({ length: 16 }, (_, i) => `team-${i + 1}`);

describe('seed order', () => {
  it('manual keeps the given order', () => {
    expect(seedTeams(teams, 'manual')).toEqual(teams);
  });

  it('random is a permutation that the same stored seed draws again, number or phrase', () => {
    const drawn = seedTeams(teams, 'random', { randomSeed: 'LAN party 2026' });
    expect([...drawn].sort()).toEqual([...teams].sort());
    expect(drawn).not.toEqual(teams);
    expect(seedTeams(teams, 'random', { randomSeed: 'LAN party 2026' })).toEqual(drawn);
    expect(seedTeams(teams, 'random', { randomSeed: 'LAN party 2027' })).not.toEqual(drawn);
    expect(seedTeams(teams, 'random', { randomSeed: 42 })).toEqual(
      seedTeams(teams, 'random', { randomSeed: 42 }),
    );
    expect(seedTeams(teams, 'random', { randomSeed: 42 })).not.toEqual(
      seedTeams(teams, 'random', { randomSeed: 43 }),
    );
  });

  it('random refuses to draw without a stored seed', () => {
    expect(() => seedTeams(teams, 'random')).toThrow(/stored seed/);
  });

  it('rating seeds the strongest first; equal ratings keep the manual order', () => {
    const rating = new Map([
      ['a', 1500],
      ['b', 1720],
      ['c', 1500],
      ['d', 1610],
    ]);
    expect(seedTeams(['a', 'b', 'c', 'd'], 'rating', { teamRating: (id) => rating.get(id)! })).toEqual([
      'b',
      'd',
      'a',
      'c',
    ]);
  });

  it('seed numbers: numbers pass through as 32-bit, phrases hash the same way every time', () => {
    expect(seedNumber(7)).toBe(7);
    expect(seedNumber(-1)).toBe(2 ** 32 - 1);
    expect(seedNumber('abc')).toBe(seedNumber('abc'));
    expect(seedNumber('abc')).not.toBe(seedNumber('abd'));
    expect(seedNumber('')).toBe(0x811c9dc5);
  });
});

describe('bracket seeding with byes', () => {
  it('pads elimination seedings with trailing byes to a power of two; round robin as is', () => {
    expect(bracketSize(2)).toBe(2);
    expect(bracketSize(5)).toBe(8);
    expect(bracketSize(8)).toBe(8);
    expect(bracketSize(129)).toBe(256);
    expect(bracketSeeding(['a', 'b', 'c', 'd', 'e', 'f'], 'double_elimination')).toEqual([
      'a',
      'b',
      'c',
      'd',
      'e',
      'f',
      null,
      null,
    ]);
    expect(bracketSeeding(['a', 'b', 'c'], 'round_robin')).toEqual(['a', 'b', 'c']);
  });

  let db: Db;
  let manager: BracketsManager;
  beforeAll(() => {
    db = openDatabase(tempDir('md-seeding-'));
    manager = new BracketsManager(
      new SqlBracketsStorage(createSqlitePort(db, { onTransactionWaited: 'throw' })),
    );
  });
  afterAll(() => closeDatabase(db));

  it('brackets-manager gives the byes to the best seeds and never pairs a bye with a bye', async () => {
    let tournamentId = 0;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 2, max: 130 }), async (n) => {
        const seeds = Array.from({ length: n }, (_, i) => i + 1);
        const stage = await manager.create.stage({
          tournamentId: tournamentId++,
          name: 'Seeding',
          type: 'single_elimination',
          seeding: bracketSeeding(
            seeds.map((s) => `S${s}`),
            'single_elimination',
          ),
        });
        const data = await manager.get.stageData(stage.id);
        const seedOf = new Map(data.participant.map((p) => [p.id, Number(p.name.slice(1))]));
        const firstRound = data.round.find((r) => r.number === 1 && r.group_id === data.group[0]!.id)!;
        const opening = data.match.filter((m) => m.round_id === firstRound.id);
        expect(opening.every((m) => m.opponent1 !== null || m.opponent2 !== null)).toBe(true);
        const withBye = opening
          .filter((m) => m.opponent1 === null || m.opponent2 === null)
          .map((m) => seedOf.get((m.opponent1 ?? m.opponent2)!.id!)!)
          .sort((a, b) => a - b);
        expect(withBye).toEqual(seeds.slice(0, bracketSize(n) - n));
      }),
      { numRuns: 40 },
    );
  });
});
