// `npm start`: the desktop app where the Electron binary is present, else the same server headless.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';

const require = createRequire(import.meta.url);

function electronBinary() {
  try {
    // The electron package exports the binary's path; it throws or points nowhere when it was not downloaded.
    const binary = require('electron');
    return typeof binary === 'string' && fs.existsSync(binary) ? binary : undefined;
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
