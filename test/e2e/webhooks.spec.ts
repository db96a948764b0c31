import { ADMIN_TOKEN, expect, failOnConsoleErrors, test } from './matchday.js';
import { WebhookReceiver } from '../fakes/webhook-receiver.js';

test('an organiser adds a webhook, keeps its secret, reads the delivery log and resends', async ({
  page,
  matchday,
  signInAsAdmin,
}) => {
  failOnConsoleErrors(page);
  const receiver = await new WebhookReceiver().start();
  try {
    await signInAsAdmin(page);
    await page.getByRole('link', { name: 'Webhooks', exact: true }).click();
    await expect(page.getByText('No webhooks yet.')).toBeVisible();

    const form = page.getByRole('form', { name: 'New webhook' });
    await form.getByLabel('URL').fill(receiver.url);
    await form.getByRole('button', { name: 'Add webhook' }).click();
    const secretPanel = page.getByRole('region', { name: 'Signing secret' });
    await expect(secretPanel).toContainText('not shown again');
    receiver.secret = (await secretPanel.locator('code').textContent())!;
    expect(receiver.secret).toMatch(/^whsec_/);

    // The setting is off: the loopback receiver is refused, and the log says why.
    const card = page.getByRole('region', { name: `Webhook ${receiver.url}` });
    await card.getByRole('button', { name: 'Send test event' }).click();
    await card.getByRole('button', { name: 'Deliveries' }).click();
    await expect(async () => {
      await card.getByRole('button', { name: 'Refresh' }).click();
      await expect(card.locator('summary').first()).toContainText('private or local address', {
        timeout: 500,
      });
    }).toPass();
    expect(receiver.received).toHaveLength(0);
    await expect(card.locator('pre').first()).toContainText('"connect": "[hidden]"');

    await fetch(`${matchday.localUrl}/api/settings`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ allowPrivateWebhooks: true }),
    });
    await card.locator('summary').first().click();
    await card.getByRole('button', { name: 'Resend' }).first().click();
    await expect(page.getByText(/queued again/)).toBeVisible();
    await receiver.waitForRequests(1);
    expect(receiver.received[0]!.verified).toBe(true);
    expect(receiver.received[0]!.body.test).toBe(true);

    // The secret is gone from the page after a reload.
    await page.reload();
    await expect(page.getByRole('region', { name: 'Signing secret' })).toHaveCount(0);
    await page.screenshot({ path: 'test-results/webhooks-page.png', fullPage: true });
  } finally {
    await receiver.close();
  }
});
