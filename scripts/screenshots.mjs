// Runs the browser tests with MATCHDAY_SCREENSHOTS=1: their screenshots go to docs/screenshots/ for review.
import { spawn } from 'node:child_process';

const child = spawn('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, MATCHDAY_SCREENSHOTS: '1' },
  shell: process.platform === 'win32',
});
child.on('exit', (code) => process.exit(code ?? 1));
