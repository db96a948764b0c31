import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { expect, failOnConsoleErrors, test } from './matchday.js';
import { serverAndTeams, stopFakes } from './fake-lan.js';

test.afterEach(stopFakes);

/**
 * Every CSP violation the page reports. Playwright injects this script past the CSP; Chromium also
 * logs each violation as a console error, which failOnConsoleErrors turns into a failure.
 */
async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

/** One HTML page on a port of its own: a different origin from the Matchday under test. */
async function serveOnLoopback(html: string): Promise<{ url: string; close(): void }> {
  const server = http.createServer((_req, res) =>
    res.writeHead(200, { 'Content-Type': 'text/html' }).end(html),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => server.close() };
}

test('the built page has no inline script, so the strict policy costs nothing', () => {
  const html = fs.readFileSync('out/renderer/index.html', 'utf8');
  const scripts = html.match(/<script\b[^>]*>[\s\S]*?<\/script>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) {
    expect(script).toMatch(/\bsrc="\/assets\/[^"]+\.js"/);
    expect(script).toMatch(/>\s*<\/script>$/);
  }
  expect(html).not.toMatch(/\son[a-z]+=/i);
});

test('public pages, the overlay, the console and the API reference run without a CSP violation', async ({
  page,
  matchday,
  signInAsAdmin,
}) => {
  failOnConsoleErrors(page);
  const violations = await recordViolations(page);
  const url = matchday.localUrl;
  await serverAndTeams(url);

  await page.goto(`${url}/`);
  await expect(page.getByRole('navigation').first()).toBeVisible();
  await page.goto(`${url}/bracket`);
  await expect(page.locator('main')).toBeVisible();
  await page.goto(`${url}/screen`);
  await expect(page.locator('.screen-join')).toBeVisible();
  expect(await violations()).toEqual([]);

  await page.goto(`${url}/overlay/server/lan-1`);
  await expect(page.getByTestId('server-name')).toHaveText('LAN 1');
  expect(await violations()).toEqual([]);

  await signInAsAdmin(page);
  await expect(page.getByRole('heading').first()).toBeVisible();
  for (const section of ['teams', 'maps', 'matches']) {
    await page.goto(`${url}/admin/${section}`);
    await expect(page.getByRole('heading').first()).toBeVisible();
    expect(await violations(), `/admin/${section}`).toEqual([]);
  }

  await page.goto(`${url}/api-docs`);
  // Swagger UI draws the whole OpenAPI document (every route) before its title: seconds on a busy machine.
  await expect(page.locator('.swagger-ui .info .title'), 'the API reference rendered').toContainText(
    'Matchday',
    {
      timeout: 20_000,
    },
  );
  await expect(page.locator('.opblock').first()).toBeVisible();
  expect(await violations()).toEqual([]);
});

test('the console refuses to be framed; the overlay and the public bracket may be embedded', async ({
  page,
  matchday,
}) => {
  const url = matchday.localUrl;
  await serverAndTeams(url);
  // Another site's page embedding Matchday: another origin, on this machine (Chromium does not let a
  // page without a local address frame loopback pages at all).
  const frames = ['/admin', '/signin', '/overlay/server/lan-1', '/bracket']
    .map((p) => `<iframe title="${p}" src="${url}${p}" width="400" height="300"></iframe>`)
    .join('');
  const embedder = await serveOnLoopback(`<!doctype html>${frames}`);
  try {
    await page.goto(embedder.url);
    const frameOf = (p: string) => page.frameLocator(`iframe[title="${p}"]`);
    await expect(frameOf('/overlay/server/lan-1').getByTestId('server-name')).toHaveText('LAN 1');
    await expect(frameOf('/bracket').locator('main')).toBeVisible();
    for (const p of ['/admin', '/signin']) {
      const frame = await (await page.locator(`iframe[title="${p}"]`).elementHandle())!.contentFrame();
      // Chromium replaces a refused frame by its error page.
      await expect.poll(() => frame!.url(), { message: `${p} refused in a frame` }).toMatch(/^chrome-error:/);
    }
  } finally {
    embedder.close();
  }
});
