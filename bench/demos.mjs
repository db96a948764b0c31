// Figures of demo uploads: a 1 GiB upload to Matchday (its own process, as in production) against a
// raw loopback copy of the same bytes into a file by a bare Node process, and Matchday's RSS growth.
import { spawn } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { ADMIN_TOKEN, adminApi, rssMiB, startAndTime, stop, tempDir } from './lib.mjs';

const SIZE = 1024 * 1024 * 1024;
const CHUNK = Buffer.alloc(1024 * 1024, 0x5a);
const SERVER_TOKEN = 'bench-server-token-0123456789';
const CLI = fileURLToPath(new URL('../out/server-bundle/cli.js', import.meta.url));

export const conditions =
  'Matchday headless (out/server-bundle/cli.js) on 127.0.0.1, LOG_LEVEL=warn; 1 GiB streamed from the bench ' +
  'process in 1 MiB writes; the raw copy is a bare Node TCP server piping the socket to a file in the same temp folder';

/** Streams SIZE bytes as an HTTP POST body; resolves with the status and the seconds taken. */
function upload(url, headers, onProgress) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/octet-stream', 'Content-Length': SIZE, ...headers },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode, seconds: (performance.now() - started) / 1000 }));
    });
    let sent = 0;
    const pump = () => {
      while (sent < SIZE) {
        sent += CHUNK.length;
        onProgress?.();
        if (!req.write(CHUNK)) {
          req.once('drain', pump);
          return;
        }
      }
      req.end();
    };
    pump();
  });
}

/** A bare receiver in its own process: socket bytes to a file, then a minimal HTTP answer. */
async function rawReceiver(dir) {
  const code = `
    const net = require('node:net'); const fs = require('node:fs'); const path = require('node:path');
    const server = net.createServer((socket) => {
      const file = fs.createWriteStream(path.join(${JSON.stringify(dir)}, 'raw.bin'));
      let seen = 0; let headerDone = false; let expected = Infinity;
      socket.on('data', (chunk) => {
        if (!headerDone) {
          const text = chunk.toString('latin1'); const end = text.indexOf('\\r\\n\\r\\n');
          if (end === -1) return;
          expected = Number(/content-length: (\\d+)/i.exec(text)[1]); headerDone = true; chunk = chunk.subarray(end + 4);
        }
        seen += chunk.length;
        if (!file.write(chunk)) { socket.pause(); file.once('drain', () => socket.resume()); }
        if (seen >= expected) file.end(() => socket.end('HTTP/1.1 200 OK\\r\\ncontent-length: 0\\r\\nconnection: close\\r\\n\\r\\n'));
      });
    });
    server.listen(0, '127.0.0.1', () => console.log('port ' + server.address().port));`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise((resolve) => {
    child.stdout.on('data', (chunk) => {
      const match = /port (\d+)/.exec(String(chunk));
      if (match) {
        resolve(Number(match[1]));
      }
    });
  });
  return { child, url: `http://127.0.0.1:${port}/raw` };
}

export async function demoFigures() {
  const rawDir = tempDir();
  const raw = await rawReceiver(rawDir);
  let rawResult;
  try {
    rawResult = await upload(raw.url, {});
  } finally {
    raw.child.kill();
  }

  const dataDir = tempDir();
  const matchday = await startAndTime(CLI, {
    MATCHDAY_DATA_DIR: dataDir,
    API_TOKENS: `bench:${ADMIN_TOKEN}`,
    SERVER_TOKEN,
  });
  try {
    for (const id of ['alpha', 'bravo']) {
      await adminApi(matchday.url, 'POST', '/api/teams', { id, name: id, tag: '', players: [] });
    }
    const { match } = await adminApi(matchday.url, 'POST', '/api/matches', {
      team1Id: 'alpha',
      team2Id: 'bravo',
      format: 'bo1',
      veto: false,
      maps: ['de_dust2'],
    });
    const rssBefore = rssMiB(matchday.child.pid);
    let peak = rssBefore;
    let writes = 0;
    const result = await upload(
      `${matchday.url}/api/demos/${match.slug}/upload`,
      {
        'X-Plugin-Token': SERVER_TOKEN,
        'Plugin-MatchId': match.matchid,
        'Plugin-MapNumber': 0,
        'Plugin-FileName': 'bench.dem',
      },
      () => {
        if (++writes % 32 === 0) {
          peak = Math.max(peak, rssMiB(matchday.child.pid));
        }
      },
    );
    if (result.status !== 200) {
      throw new Error(`the demo upload answered ${result.status}`);
    }
    const mib = SIZE / 1024 / 1024;
    const rawRate = mib / rawResult.seconds;
    const rate = mib / result.seconds;
    const growth = peak - rssBefore;
    return [
      {
        figure: 'raw loopback copy of 1 GiB to a file',
        measured: `${Math.round(rawRate)} MiB/s`,
        value: Math.round(rawRate),
        target: 'yardstick',
        ok: null,
      },
      {
        figure: 'demo upload of 1 GiB to Matchday',
        measured: `${Math.round(rate)} MiB/s`,
        value: Math.round(rate),
        target: 'see ratio',
        ok: null,
      },
      {
        figure: 'demo upload vs raw copy',
        measured: (rate / rawRate).toFixed(2),
        value: Number((rate / rawRate).toFixed(3)),
        target: '>= 0.5',
        ok: rate / rawRate >= 0.5,
      },
      {
        figure: 'Matchday RSS growth during the upload',
        measured: `${growth.toFixed(1)} MiB`,
        value: Number(growth.toFixed(1)),
        target: '< 64 MiB',
        ok: growth < 64,
      },
    ];
  } finally {
    await stop(matchday.child);
  }
}
