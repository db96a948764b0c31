// Bundles the server's entries with their dependencies into out/server-bundle: one file loads several
// times faster than hundreds of small modules, which is most of a cold start.
import fs from 'node:fs';
import { rolldown } from 'rolldown';

const OUT_DIR = 'out/server-bundle';

const bundle = await rolldown({
  input: { cli: 'out/server/cli.js', 'utility-entry': 'out/server/utility-entry.js' },
  platform: 'node',
  // better-sqlite3 loads a native addon; swagger-ui-express serves swagger-ui-dist's files from its own folder.
  external: ['better-sqlite3', 'swagger-ui-express'],
  logLevel: 'warn',
});
// Chunk names carry a content hash: clear the last build's chunks so they do not pile up.
fs.rmSync(OUT_DIR, { recursive: true, force: true });
await bundle.write({ dir: OUT_DIR, format: 'esm', sourcemap: true });
await bundle.close();
