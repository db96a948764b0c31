/** When to take automatic snapshots and which to keep: pure rules, time in Unix seconds. */
import type { Snapshot, SnapshotKind } from '../../../shared/contracts/backup.js';

export const SNAPSHOT_INTERVAL_S = 10 * 60;
export const AUTOMATIC_SNAPSHOTS_KEPT = 12;

/** A snapshot is due while a tournament is in progress, once the last automatic one is 10 minutes old. */
export function snapshotDue(
  tournamentInProgress: boolean,
  lastAutomaticAt: number | undefined,
  now: number,
): boolean {
  return (
    tournamentInProgress && (lastAutomaticAt === undefined || now - lastAutomaticAt >= SNAPSHOT_INTERVAL_S)
  );
}

/** The automatic snapshots past the newest twelve; manual ones and safety copies are the organiser's to delete. */
export function snapshotsToPrune(snapshots: readonly Snapshot[]): Snapshot[] {
  return newestFirst(snapshots.filter((s) => s.kind === 'automatic')).slice(AUTOMATIC_SNAPSHOTS_KEPT);
}

export function newestFirst(snapshots: readonly Snapshot[]): Snapshot[] {
  return [...snapshots].sort((a, b) => b.createdAt - a.createdAt || b.name.localeCompare(a.name));
}

const NAME =
  /^(automatic|manual|before-restore)-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z(?:-\d{1,3})?\.sqlite$/;

/** `automatic-20250301T142000Z.sqlite`; `taken` names get `-2`, `-3`... so two in one second both stay. */
export function snapshotName(kind: SnapshotKind, at: number, taken: (name: string) => boolean): string {
  const stamp = new Date(at * 1000)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  const base = `${kind}-${stamp}`;
  let name = `${base}.sqlite`;
  for (let n = 2; taken(name); n++) {
    name = `${base}-${n}.sqlite`;
  }
  return name;
}

/** Kind and time of a snapshot file name; undefined for any other file. */
export function parseSnapshotName(name: string): Pick<Snapshot, 'kind' | 'createdAt'> | undefined {
  const m = NAME.exec(name);
  if (!m) {
    return undefined;
  }
  const [, kind, y, mo, d, h, mi, s] = m;
  return {
    kind: kind as SnapshotKind,
    createdAt: Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)) / 1000,
  };
}
