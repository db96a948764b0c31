// `npm run screenshots`: the README gallery from the LAN demo (scripts/gallery.ts, bundled like the demo
// because it uses the TypeScript fakes of test/), then the browser tests with MATCHDAY_SCREENSHOTS=1, whose
// screenshots go to docs/screenshots/ for review. `-- --gallery` takes only the gallery (names of its shots
// after it take only those); any other arguments go to `playwright test`.
import { spawn } from 'node:child_process';
import { rolldown } from 'rolldown';

const run = (command, args, env = process.env) =>
  new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env, shell: process.platform === 'win32' });
    child.on('exit', (code) => resolve(code ?? 1));
  });

async function gallery(args) {
  const bundle = await rolldown({
    input: { gallery: 'scripts/gallery.ts' },
    platform: 'node',
    external: ['better-sqlite3', 'swagger-ui-express', 'playwright-core', '@sparticuz/chromium'],
    logLevel: 'warn',
  });
  await bundle.write({ dir: 'out/gallery', format: 'esm' });
  await bundle.close();
  return run(process.execPath, ['out/gallery/gallery.js', ...args]);
}

const args = process.argv.slice(2);
if (args[0] === '--gallery') {
  process.exit(await gallery(args.slice(1)));
}
const galleryCode = await gallery([]);
const testsCode = await run('npx', ['playwright', 'test', ...args], {
  ...process.env,
  MATCHDAY_SCREENSHOTS: '1',
});
process.exit(galleryCode || testsCode);
