import { useState, type FormEvent } from 'react';
import { WEBHOOK_EVENT_TYPES, type Delivery, type Webhook } from '../../../../shared/contracts/webhooks.js';
import { endpoints } from '../../api/endpoints.js';
import { Spinner } from '../../components/Spinner.js';
import { useErrorToast, useWebhookDeliveries, useWebhooks } from '../../hooks/console-data.js';
import { errorText } from '../../i18n/error-text.js';
import { formatDateTime } from '../../i18n/format.js';
import { useT } from '../../i18n/index.js';
import { toast } from '../../stores/toasts.js';

const fail = (err: unknown) => toast('error', errorText(err));

/** The delivery log of one endpoint: each request, its answers, and Resend. */
function DeliveryLog({ webhook }: { webhook: Webhook }) {
  const t = useT();
  const { data: deliveries, refresh } = useWebhookDeliveries(webhook.id);

  async function resend(delivery: Delivery) {
    try {
      await endpoints.resendDelivery(delivery.id);
      toast('success', t('webhooks.deliveries.queuedAgain', { id: delivery.eventId }));
      await refresh();
    } catch (err) {
      fail(err);
    }
  }

  if (deliveries === undefined) {
    return <Spinner label={t('webhooks.deliveries.loading')} />;
  }
  return (
    <section aria-label={t('webhooks.deliveries.label', { url: webhook.url })}>
      <div className="actions">
        <button type="button" onClick={() => void refresh()}>
          {t('webhooks.deliveries.refresh')}
        </button>
      </div>
      {deliveries.length === 0 && <p className="muted">{t('webhooks.deliveries.none')}</p>}
      {deliveries.map((d) => {
        const last = d.attempts.at(-1);
        return (
          <details key={d.id} className="panel">
            <summary>
              {d.type} #{d.sequence} · {t(`webhooks.deliveries.state.${d.state}`)}
              {last &&
                t('webhooks.deliveries.answer', {
                  status: last.statusCode ?? t('webhooks.deliveries.noAnswer'),
                  ms: last.durationMs,
                })}
              {last?.error && ` · ${last.error}`}
            </summary>
            <p className="muted">
              {t('webhooks.deliveries.event', { id: d.eventId, count: d.attempts.length })}
              {d.nextAttemptAt !== null &&
                t('webhooks.deliveries.nextAt', { time: formatDateTime(d.nextAttemptAt) })}
            </p>
            <pre>{JSON.stringify(d.request, null, 2)}</pre>
            {d.attempts.map((a, i) => (
              <p key={i}>
                {t('webhooks.deliveries.attempt', { number: i + 1 })}{' '}
                {a.statusCode ?? t('webhooks.deliveries.noAnswer')} {a.error ?? ''}{' '}
                {a.response ? `· ${a.response}` : ''}
              </p>
            ))}
            <button type="button" onClick={() => void resend(d)}>
              {t('webhooks.deliveries.resend')}
            </button>
          </details>
        );
      })}
    </section>
  );
}

export function WebhooksPage() {
  const t = useT();
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
      <h1>{t('webhooks.title')}</h1>
      <form className="panel" aria-label={t('webhooks.create.label')} onSubmit={(e) => void create(e)}>
        <label>
          {t('webhooks.create.url')}
          <input type="url" required value={url} onChange={(e) => setUrl(e.target.value)} />
        </label>
        <label>
          {t('webhooks.create.teamsSource')}
          <input value={teamsSource} onChange={(e) => setTeamsSource(e.target.value)} />
        </label>
        <p className="muted">{t('webhooks.create.privateHint')}</p>
        <button type="submit" className="primary">
          {t('webhooks.create.submit')}
        </button>
      </form>
      {secret && (
        <section className="panel banner-warning" aria-label={t('webhooks.secret.label')}>
          <p>{t('webhooks.secret.text', { url: secret.url })}</p>
          <code>{secret.secret}</code>
        </section>
      )}
      {webhooks === undefined ? (
        <Spinner label={t('webhooks.loading')} />
      ) : webhooks.length === 0 ? (
        <p className="muted">{t('webhooks.none')}</p>
      ) : (
        webhooks.map((w) => (
          <section key={w.id} className="panel" aria-label={t('webhooks.card.label', { url: w.url })}>
            <h2>{w.url}</h2>
            {w.notice && (
              <p className="banner-warning" role="alert">
                {w.notice}
              </p>
            )}
            <p className="muted">
              {w.enabled ? t('webhooks.card.on') : t('webhooks.card.off')} ·{' '}
              {w.events.length === WEBHOOK_EVENT_TYPES.length
                ? t('webhooks.card.allEvents')
                : w.events.join(', ')}
              {w.teamsSource && t('webhooks.card.teamsSource', { source: w.teamsSource })}
            </p>
            <div className="actions">
              <button
                type="button"
                onClick={() => void act(() => endpoints.testWebhook(w.id), t('webhooks.card.testQueued'))}
              >
                {t('webhooks.card.sendTest')}
              </button>
              <button
                type="button"
                onClick={() =>
                  void act(
                    () => endpoints.updateWebhook(w.id, { enabled: !w.enabled }),
                    w.enabled ? t('webhooks.card.turnedOff') : t('webhooks.card.turnedOn'),
                  )
                }
              >
                {w.enabled ? t('webhooks.card.turnOff') : t('webhooks.card.turnOn')}
              </button>
              <button type="button" onClick={() => setOpen(open === w.id ? null : w.id)}>
                {open === w.id ? t('webhooks.card.hideDeliveries') : t('webhooks.card.deliveries')}
              </button>
              <button
                type="button"
                className="danger"
                onClick={() => void act(() => endpoints.deleteWebhook(w.id), t('webhooks.card.deleted'))}
              >
                {t('common.delete')}
              </button>
            </div>
            {open === w.id && <DeliveryLog webhook={w} />}
          </section>
        ))
      )}
    </main>
  );
}
