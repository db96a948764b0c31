// `npm start`: the desktop app where the Electron binary is present, else the same server headless.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';

const require = createRequire(import.meta.url);

/**
 * The Electron binary when it was downloaded, read the way the electron package records it
 * (`path.txt` beside it, the binary under `dist/`). Requiring the package instead would try to
 * download the binary on the spot, which fails loudly on a machine without internet.
 */
function electronBinary() {
  try {
    const dir = path.dirname(require.resolve('electron/package.json'));
    const recorded = path.join(dir, 'path.txt');
    if (!fs.existsSync(recorded)) {
      return undefined;
    }
    const relative = fs.readFileSync(recorded, 'utf8').trim();
    const base = process.env.ELECTRON_OVERRIDE_DIST_PATH ?? path.join(dir, 'dist');
    const binary = path.join(base, relative);
    return fs.existsSync(binary) ? binary : undefined;
  } catch {
    return undefined;
  }
}

const binary = electronBinary();
const args = process.argv.slice(2);
const [command, commandArgs] = binary
  ? [binary, ['.', ...args]]
  : [process.execPath, ['out/server-bundle/cli.js', ...args]];
if (!binary) {
  console.log('Electron is not available on this machine: starting the Matchday server headless.');
}
const child = spawn(command, commandArgs, { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
