import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import { loadConfig } from '../../out/server/config.js';
import { startServer } from '../../out/server/index.js';
import { FakeOpenIdProvider } from '../fakes/identity/openid2-provider.js';

const ALICE = '76561198000000001';

test('a player signs in through the game platform in a real browser, and logs out', async ({
  page,
  context,
}) => {
  // `localhost` is another site than 127.0.0.1: the link cookie must survive a real cross-site round trip.
  const steam = new FakeOpenIdProvider('localhost');
  await steam.start();
  steam.nextPlatformId = ALICE;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-e2e-'));
  const matchday = await startServer({
    config: loadConfig({ PORT: '0', HOST: '127.0.0.1', MATCHDAY_DATA_DIR: dataDir, LOG_LEVEL: 'warn' }),
    identityEndpoints: { steam: steam.endpoint },
  });
  try {
    await page.goto(`${matchday.localUrl}/api/auth/steam?returnTo=/me`);
    await expect(page).toHaveURL(`${matchday.localUrl}/me`);

    const cookies = await context.cookies(matchday.localUrl);
    const session = cookies.find((c) => c.name === 'matchday_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: false });
    expect(cookies.find((c) => c.name === 'matchday_link')).toBeUndefined();
    const me = await page.evaluate(async () => (await fetch('/api/auth/me')).json());
    expect(me).toMatchObject({ authenticated: true, platformId: ALICE, signedInWith: 'steam' });

    const logout = await page.evaluate(
      async () => (await fetch('/api/auth/logout', { method: 'POST' })).status,
    );
    expect(logout).toBe(200);
    expect(
      (await context.cookies(matchday.localUrl)).find((c) => c.name === 'matchday_session'),
    ).toBeUndefined();
    const after = await page.evaluate(async () => (await fetch('/api/auth/me')).json());
    expect(after.authenticated).toBe(false);
  } finally {
    await matchday.stop();
    await steam.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
