import { describe, expect, it } from 'vitest';
import type { Snapshot } from '../../shared/contracts/backup.js';
import {
  parseSnapshotName,
  snapshotDue,
  snapshotName,
  snapshotsToPrune,
} from '../../server/features/backup/snapshot-policy.js';

const at = Date.UTC(2025, 2, 1, 14, 20, 0) / 1000;
const snap = (kind: Snapshot['kind'], createdAt: number): Snapshot => ({
  name: snapshotName(kind, createdAt, () => false),
  kind,
  createdAt,
  sizeBytes: 1,
});

describe('snapshot policy', () => {
  it('is due only while a tournament is in progress, first at once, then every 10 minutes', () => {
    expect(snapshotDue(false, undefined, at)).toBe(false);
    expect(snapshotDue(true, undefined, at)).toBe(true);
    expect(snapshotDue(true, at - 599, at)).toBe(false);
    expect(snapshotDue(true, at - 600, at)).toBe(true);
  });

  it('prunes automatic snapshots past the newest 12; manual ones and safety copies stay', () => {
    const automatic = Array.from({ length: 15 }, (_, i) => snap('automatic', at + i * 600));
    const kept = [snap('manual', at - 10_000), snap('before-restore', at - 20_000)];
    const pruned = snapshotsToPrune([...kept, ...automatic]);
    expect(pruned.map((s) => s.createdAt)).toEqual([at + 2 * 600, at + 600, at]);
  });

  it('names carry kind and UTC time, get a suffix when taken, and parse back', () => {
    expect(snapshotName('automatic', at, () => false)).toBe('automatic-20250301T142000Z.sqlite');
    const taken = new Set(['manual-20250301T142000Z.sqlite', 'manual-20250301T142000Z-2.sqlite']);
    const third = snapshotName('manual', at, (n) => taken.has(n));
    expect(third).toBe('manual-20250301T142000Z-3.sqlite');
    expect(parseSnapshotName(third)).toEqual({ kind: 'manual', createdAt: at });
    expect(parseSnapshotName('matchday.sqlite')).toBeUndefined();
    expect(parseSnapshotName('../automatic-20250301T142000Z.sqlite')).toBeUndefined();
  });
});
