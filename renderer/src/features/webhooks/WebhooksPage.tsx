import { useState, type FormEvent } from 'react';
import type { Delivery, Webhook } from '../../../../shared/contracts/webhooks.js';
import { endpoints } from '../../api/endpoints.js';
import { Spinner } from '../../components/Spinner.js';
import { useErrorToast, useWebhookDeliveries, useWebhooks } from '../../hooks/console-data.js';
import { toast } from '../../stores/toasts.js';

const fail = (err: unknown) => toast('error', (err as Error).message);

/** The delivery log of one endpoint: each request, its answers, and Resend. */
function DeliveryLog({ webhook }: { webhook: Webhook }) {
  const { data: deliveries, refresh } = useWebhookDeliveries(webhook.id);

  async function resend(delivery: Delivery) {
    try {
      await endpoints.resendDelivery(delivery.id);
      toast('success', `Event ${delivery.eventId} queued again.`);
      await refresh();
    } catch (err) {
      fail(err);
    }
  }

  if (deliveries === undefined) {
    return <Spinner label="Loading deliveries…" />;
  }
  return (
    <section aria-label={`Deliveries to ${webhook.url}`}>
      <div className="actions">
        <button type="button" onClick={() => void refresh()}>
          Refresh
        </button>
      </div>
      {deliveries.length === 0 && <p className="muted">Nothing sent yet.</p>}
      {deliveries.map((d) => {
        const last = d.attempts.at(-1);
        return (
          <details key={d.id} className="panel">
            <summary>
              {d.type} #{d.sequence} · {d.state}
              {last && ` · ${last.statusCode ?? 'no answer'} in ${last.durationMs} ms`}
              {last?.error && ` · ${last.error}`}
            </summary>
            <p className="muted">
              Event {d.eventId}, {d.attempts.length} attempt(s)
              {d.nextAttemptAt !== null && `, next at ${new Date(d.nextAttemptAt * 1000).toLocaleString()}`}
            </p>
            <pre>{JSON.stringify(d.request, null, 2)}</pre>
            {d.attempts.map((a, i) => (
              <p key={i}>
                Attempt {i + 1}: {a.statusCode ?? 'no answer'} {a.error ?? ''}{' '}
                {a.response ? `· ${a.response}` : ''}
              </p>
            ))}
            <button type="button" onClick={() => void resend(d)}>
              Resend
            </button>
          </details>
        );
      })}
    </section>
  );
}

export function WebhooksPage() {
  const { data: webhooks, error, refresh } = useWebhooks();
  useErrorToast(error);
  const [url, setUrl] = useState('');
  const [teamsSource, setTeamsSource] = useState('');
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const reload = () => void refresh();

  async function create(event: FormEvent) {
    event.preventDefault();
    try {
      const created = await endpoints.createWebhook({ url, teamsSource: teamsSource.trim() || null });
      setSecret({ url: created.webhook.url, secret: created.secret });
      setUrl('');
      setTeamsSource('');
      reload();
    } catch (err) {
      fail(err);
    }
  }

  async function act(work: () => Promise<unknown>, done: string) {
    try {
      await work();
      toast('success', done);
      reload();
    } catch (err) {
      fail(err);
    }
  }

  return (
    <main className="page">
      <h1>Webhooks</h1>
      <form className="panel" aria-label="New webhook" onSubmit={(e) => void create(e)}>
        <label>
          URL
          <input type="url" required value={url} onChange={(e) => setUrl(e.target.value)} />
        </label>
        <label>
          Teams API source (optional)
          <input value={teamsSource} onChange={(e) => setTeamsSource(e.target.value)} />
        </label>
        <p className="muted">
          A website on this LAN or on this computer has a private or local address: Matchday calls it only
          with the setting “Allow webhooks to private and local addresses” on.
        </p>
        <button type="submit" className="primary">
          Add webhook
        </button>
      </form>
      {secret && (
        <section className="panel banner-warning" aria-label="Signing secret">
          <p>Signing secret for {secret.url}. Copy it now: it is not shown again.</p>
          <code>{secret.secret}</code>
        </section>
      )}
      {webhooks === undefined ? (
        <Spinner label="Loading webhooks…" />
      ) : webhooks.length === 0 ? (
        <p className="muted">No webhooks yet.</p>
      ) : (
        webhooks.map((w) => (
          <section key={w.id} className="panel" aria-label={`Webhook ${w.url}`}>
            <h2>{w.url}</h2>
            {w.notice && (
              <p className="banner-warning" role="alert">
                {w.notice}
              </p>
            )}
            <p className="muted">
              {w.enabled ? 'On' : 'Off'} · {w.events.length === 8 ? 'all events' : w.events.join(', ')}
              {w.teamsSource && ` · team ids of ${w.teamsSource}`}
            </p>
            <div className="actions">
              <button
                type="button"
                onClick={() => void act(() => endpoints.testWebhook(w.id), 'Test event queued.')}
              >
                Send test event
              </button>
              <button
                type="button"
                onClick={() =>
                  void act(
                    () => endpoints.updateWebhook(w.id, { enabled: !w.enabled }),
                    w.enabled ? 'Webhook turned off.' : 'Webhook turned on.',
                  )
                }
              >
                {w.enabled ? 'Turn off' : 'Turn on'}
              </button>
              <button type="button" onClick={() => setOpen(open === w.id ? null : w.id)}>
                {open === w.id ? 'Hide deliveries' : 'Deliveries'}
              </button>
              <button
                type="button"
                className="danger"
                onClick={() => void act(() => endpoints.deleteWebhook(w.id), 'Webhook deleted.')}
              >
                Delete
              </button>
            </div>
            {open === w.id && <DeliveryLog webhook={w} />}
          </section>
        ))
      )}
    </main>
  );
}
