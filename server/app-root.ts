import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;

/**
 * The folder holding Matchday's package.json: the checkout, or app.asar when packaged. Found by walking
 * up from this module, so lookups work the same from source, from out/server and from the bundle.
 */
export function appRoot(): string {
  if (cached) {
    return cached;
  }
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (
      fs.existsSync(manifest) &&
      (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string }).name === 'matchday'
    ) {
      cached = dir;
      return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) {
      throw new Error('Matchday is installed incompletely: its package.json was not found.');
    }
    dir = parent;
  }
}

export function appVersion(): string {
  return (JSON.parse(fs.readFileSync(path.join(appRoot(), 'package.json'), 'utf8')) as { version: string })
    .version;
}
