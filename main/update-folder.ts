import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/**
 * The file of the update folder a request names, or undefined: plain file names only (latest.yml,
 * Matchday-Setup-1.2.0.exe, its .blockmap), never a path out of the folder.
 */
export function feedFile(folder: string, urlPath: string): string | undefined {
  let name: string;
  try {
    name = decodeURIComponent(urlPath.split('?')[0]!.replace(/^\/+/, ''));
  } catch {
    return undefined;
  }
  if (!/^[\w][\w .+-]*$/.test(name) || name.includes('..')) {
    return undefined;
  }
  return path.join(folder, name);
}

/**
 * electron-updater downloads over HTTP only; a folder (a LAN file share) is served to it on loopback.
 * Returns the feed URL and a stop function.
 */
export async function serveUpdateFolder(folder: string): Promise<{ url: string; stop(): void }> {
  const server = http.createServer((req, res) => {
    const file = req.method === 'GET' ? feedFile(folder, req.url ?? '') : undefined;
    const size = file && fs.statSync(file, { throwIfNoEntry: false })?.isFile() ? fs.statSync(file).size : -1;
    if (!file || size < 0) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Length': size, 'Content-Type': 'application/octet-stream' });
    fs.createReadStream(file)
      .on('error', () => res.destroy())
      .pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, stop: () => server.close() };
}
