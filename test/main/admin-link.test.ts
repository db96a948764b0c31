import { describe, expect, it, vi } from 'vitest';
import { AdminLinks, windowStartUrl } from '../../main/admin-link.js';

const ORIGIN = 'http://127.0.0.1:3000';

describe('AdminLinks', () => {
  it('signs the first window in with the handshake’s link, and every re-created window with a fresh one', async () => {
    let minted = 0;
    const mint = vi.fn(async () => `fresh-${++minted}`);
    const links = new AdminLinks(mint);
    links.offer('handshake');
    expect(await links.take()).toBe('handshake');
    expect(await links.take()).toBe('fresh-1');
    expect(await links.take()).toBe('fresh-2');
    expect(mint).toHaveBeenCalledTimes(2);
  });

  it('uses the link of a restarted server before asking for another', async () => {
    const mint = vi.fn(async () => 'fresh');
    const links = new AdminLinks(mint);
    links.offer('first');
    await links.take();
    links.offer('after-restart');
    expect(await links.take()).toBe('after-restart');
    expect(mint).not.toHaveBeenCalled();
  });

  it('opens the console (sign-in) when the server cannot give a link', async () => {
    const links = new AdminLinks(() => Promise.reject(new Error('The Matchday server is not running.')));
    const token = await links.take();
    expect(token).toBeUndefined();
    expect(windowStartUrl(ORIGIN, token)).toBe(`${ORIGIN}/admin`);
    expect(windowStartUrl(ORIGIN, 'abc')).toBe(`${ORIGIN}/api/auth/admin-link/abc`);
  });
});
