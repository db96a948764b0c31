import fs from 'node:fs';
import path from 'node:path';
import type { TarSource } from './tar.js';

/**
 * The files a backup archive carries beside the database: the demos (`demos/<file>`) and the round
 * backups (`round-backups/<match>/<file>`, API.md decision 54), each as they lie under the files folder.
 * Files being written start with a dot and are left out.
 */
const FOLDERS = [
  { name: 'demos', depth: 1 },
  { name: 'round-backups', depth: 2 },
] as const;

const visible = (part: string) => part !== '' && !part.startsWith('.') && !/[\\/]/.test(part);

/** Whether an archive entry is one of those files (nothing else may be in an archive but the database). */
export function isArchivedFile(entry: string): boolean {
  const [folder, ...rest] = entry.split('/');
  const known = FOLDERS.find((f) => f.name === folder);
  return known !== undefined && rest.length === known.depth && rest.every(visible);
}

/** Every stored demo and round backup, as archive entries. */
export function archivedFileSources(filesDir: string): TarSource[] {
  const sources: TarSource[] = [];
  const walk = (relative: string, depth: number) => {
    const dir = path.join(filesDir, relative);
    if (!fs.existsSync(dir)) {
      return;
    }
    for (const name of fs.readdirSync(dir)) {
      const file = path.join(dir, name);
      const stat = fs.statSync(file);
      if (!visible(name)) {
        continue;
      }
      if (depth > 1 && stat.isDirectory()) {
        walk(`${relative}/${name}`, depth - 1);
      } else if (depth === 1 && stat.isFile()) {
        sources.push({
          name: `${relative}/${name}`,
          size: stat.size,
          mtime: stat.mtimeMs / 1000,
          open: () => fs.createReadStream(file),
        });
      }
    }
  };
  FOLDERS.forEach((f) => walk(f.name, f.depth));
  return sources;
}

/** Moves the files unpacked under `staging` to their place under the files folder, beside those kept. */
export function placeArchivedFiles(staging: string, filesDir: string, entries: readonly string[]): void {
  for (const entry of entries) {
    const target = path.join(filesDir, ...entry.split('/'));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.renameSync(path.join(staging, ...entry.split('/')), target);
  }
}
