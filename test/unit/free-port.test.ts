import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { nextFreePort } from '../../server/net/free-port.js';

const open: net.Server[] = [];
afterEach(() => {
  for (const server of open.splice(0)) {
    server.close();
  }
});

function occupy(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    open.push(server);
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port));
  });
}

describe('nextFreePort', () => {
  it('skips ports that are taken and answers one that can be listened on', async () => {
    const taken = await occupy(0);
    // The next port may be free or not on a shared machine; occupying it if possible makes the skip certain.
    const alsoTaken = await occupy(taken + 1).catch(() => taken + 1);
    const offered = await nextFreePort(taken, '127.0.0.1');
    expect(offered).toBeGreaterThan(alsoTaken);
    await expect(occupy(offered!)).resolves.toBe(offered);
  });
});
