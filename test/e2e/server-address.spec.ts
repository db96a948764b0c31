import { addLan1, startFake, stopFakes } from './fake-lan.js';
import { expect, test } from './matchday.js';

test.afterEach(stopFakes);

// A new event URL makes the plugin delete the events it has not delivered (MatchZy-Enhanced
// src/RemoteLogConfig.cs): the admin is asked before a setup moves a server to a new address.
test('re-running setup after Matchday changed address warns and asks before using the new one', async ({
  page,
  matchday,
  signInAsAdmin,
}) => {
  const url = matchday.localUrl;
  const fake = await startFake();
  await addLan1(url, fake);
  const elsewhere = 'http://192.0.2.7:3000';
  const { ctx } = matchday.app;
  Object.assign(ctx, { publicUrl: elsewhere, addresses: { ...ctx.addresses, lanUrls: [elsewhere] } });

  await signInAsAdmin(page);
  await page.goto(`${url}/admin/servers`);
  const card = page.getByRole('region', { name: 'Server LAN 1' });
  await card.getByRole('button', { name: 'Re-run setup' }).click();
  const warning = card.getByRole('alert');
  await expect(warning).toContainText(`points them to ${elsewhere}`);
  await expect(warning).toContainText('deletes the events it has not delivered yet');
  expect(fake.commands.filter((line) => line.includes('192.0.2.7'))).toEqual([]);

  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.screenshot({ path: 'test-results/server-address-change-1080p.png', fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.screenshot({ path: 'test-results/server-address-change-phone.png', fullPage: true });

  await warning.getByRole('button', { name: 'Set up with the new address' }).click();
  await card.getByRole('button', { name: 'Confirm: LAN 1 drops its undelivered events' }).click();
  await expect(warning).toHaveCount(0);
  expect(fake.commands.some((line) => line.includes(`${elsewhere}/api/servers/lan-1/bootstrap`))).toBe(true);
});
