import { BracketsManager } from 'brackets-manager';
import { Status } from 'brackets-model';
import { afterEach, describe, expect, it } from 'vitest';
import { SqlBracketsStorage } from '../../server/db/brackets-storage.js';
import { createSqlitePort } from '../../server/db/sqlite-driver.js';
import { closeDatabase, openDatabase, type Db } from '../../server/db/open.js';
import { tempDir } from '../helpers/temp-dir.js';

let db: Db;
afterEach(() => closeDatabase(db));

function setup() {
  db = openDatabase(tempDir('md-brackets-'));
  const storage = new SqlBracketsStorage(createSqlitePort(db, { onTransactionWaited: 'throw' }));
  return { storage, manager: new BracketsManager(storage) };
}

/** Plays every playable match (both opponents known, not yet completed), team 1 winning when `pick` says so. */
async function playAll(manager: BracketsManager, stageId: number, pick: (n: number) => boolean) {
  let played = 0;
  for (;;) {
    const matches = (await manager.get.stageData(stageId)).match.filter(
      (m) =>
        (m.status === Status.Ready || m.status === Status.Running) &&
        m.opponent1?.id != null &&
        m.opponent2?.id != null,
    );
    if (matches.length === 0) {
      return played;
    }
    for (const m of matches) {
      const first = pick(played++);
      await manager.update.match({
        id: m.id,
        opponent1: { score: first ? 1 : 0, result: first ? 'win' : 'loss' },
        opponent2: { score: first ? 0 : 1, result: first ? 'loss' : 'win' },
      });
    }
  }
}

describe('SqlBracketsStorage under brackets-manager', () => {
  it('plays an 8-team double elimination (simple grand final) to one champion with 2n-2 matches', async () => {
    const { manager } = setup();
    const stage = await manager.create.stage({
      tournamentId: 0,
      name: 'Main',
      type: 'double_elimination',
      seeding: ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'],
      settings: { grandFinal: 'simple' },
    });
    const played = await playAll(manager, Number(stage.id), (n) => n % 3 !== 0);
    expect(played).toBe(14);
    const standings = await manager.get.finalStandings(Number(stage.id));
    expect(standings.filter((s) => s.rank === 1)).toHaveLength(1);
    expect(standings).toHaveLength(8);
  });

  it('plays a 6-team single elimination with byes and keeps the data in SQLite', async () => {
    const { manager } = setup();
    const stage = await manager.create.stage({
      tournamentId: 0,
      name: 'Main',
      type: 'single_elimination',
      seeding: ['A', 'B', 'C', 'D', 'E', 'F', null, null],
      settings: { balanceByes: true },
    });
    expect(await playAll(manager, Number(stage.id), () => true)).toBe(5);
    const rows = db.prepare("SELECT count(*) AS n FROM bracket_rows WHERE tbl = 'participant'").get() as {
      n: number;
    };
    expect(rows.n).toBe(6);
  });

  it('matches the in-memory semantics: ids from 0, select by id, merge on filtered update, delete by filter', async () => {
    const { storage } = setup();
    expect(await storage.insert('participant', { tournament_id: 0, name: 'A' })).toBe(0);
    expect(
      await storage.insert('participant', [
        { tournament_id: 0, name: 'B' },
        { tournament_id: 1, name: 'C' },
      ]),
    ).toBe(true);
    expect(await storage.select('participant', 1)).toEqual({ id: 1, tournament_id: 0, name: 'B' });
    expect(await storage.select('participant', 9)).toBeNull();
    expect((await storage.select('participant', { tournament_id: 0 }))!.map((p) => p.name)).toEqual([
      'A',
      'B',
    ]);
    expect((await storage.select('participant', { name: 'C' }))!.map((p) => p.id)).toEqual([2]);
    await storage.update('participant', { tournament_id: 0 }, { name: 'X' });
    expect((await storage.select('participant'))!.map((p) => p.name)).toEqual(['X', 'X', 'C']);
    await storage.delete('participant', { tournament_id: 0 });
    expect((await storage.select('participant'))!.map((p) => p.id)).toEqual([2]);
  });
});
