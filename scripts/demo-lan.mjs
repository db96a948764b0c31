// Bundles scripts/demo-lan.ts (it uses the TypeScript fakes of test/) and runs it.
import { spawn } from 'node:child_process';
import { rolldown } from 'rolldown';

const bundle = await rolldown({
  input: { 'demo-lan': 'scripts/demo-lan.ts' },
  platform: 'node',
  external: ['better-sqlite3', 'swagger-ui-express'],
  logLevel: 'warn',
});
await bundle.write({ dir: 'out/demo-lan', format: 'esm' });
await bundle.close();
const child = spawn(process.execPath, ['out/demo-lan/demo-lan.js', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code) => process.exit(code ?? 0));
