import { Link } from 'react-router';
import { MatchEta } from '../../components/MatchEta.js';
import { Spinner } from '../../components/Spinner.js';
import { useWebhooks } from '../../hooks/console-data.js';
import { attentionItems } from './attention.js';
import { ConnectPanel } from '../connect/ConnectPanel.js';
import { LiveBadge } from '../live/LiveBadge.js';
import { useAdminLiveData } from '../../stores/admin-live.js';
import { useLiveData } from '../../stores/live.js';

/** Webhook endpoints are turned off by the dispatcher, which announces nothing live: look again now and then. */
const WEBHOOK_POLL_MS = 30_000;

const TOURNAMENT_STATUS = { setup: 'Being set up', in_progress: 'Running', completed: 'Completed' } as const;

export function DashboardPage() {
  const { matches, tournament, loadError } = useLiveData();
  const { servers, serversError } = useAdminLiveData();
  const { data: webhooks, error: webhooksError } = useWebhooks(WEBHOOK_POLL_MS);
  const all = Object.values(matches);
  const loading = tournament === undefined || servers === undefined || webhooks === undefined;
  const items = loading ? [] : attentionItems(all, servers, webhooks);
  const live = all.filter((m) => m.status === 'live' || m.status === 'loaded').length;
  const waiting = all.filter((m) => m.status === 'ready').length;
  const next = all.find((m) => m.eta?.position === 1);
  const free = servers?.filter((s) => s.availability.free).length ?? 0;
  const errors = [loadError, serversError, webhooksError].filter(Boolean);

  return (
    <main className="page">
      <div className="page-head">
        <h1>Dashboard</h1>
        <LiveBadge />
      </div>
      {errors.map((e) => (
        <p key={e} className="panel banner-error" role="alert">
          {e}
        </p>
      ))}
      <section className="panel" aria-labelledby="attention-title">
        <h2 id="attention-title">Needs attention</h2>
        {loading ? (
          <Spinner />
        ) : items.length === 0 ? (
          <p className="ok-text">Nothing needs you right now.</p>
        ) : (
          <ul className="attention-list" aria-label="Needs attention">
            {items.map((item) => (
              <li key={item.key} className={`attention attention-${item.kind}`}>
                <div>
                  <strong>{item.title}</strong>
                  <div className="muted">{item.detail}</div>
                </div>
                <Link className="button" to={item.link.to}>
                  {item.link.label}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <ConnectPanel />
      <section className="panel stat-grid" aria-label="At a glance">
        <div>
          <div className="stat-label">Tournament</div>
          <div className="stat">
            {tournament === undefined
              ? '…'
              : tournament === null
                ? 'None yet'
                : `${tournament.name}: ${TOURNAMENT_STATUS[tournament.status]}`}
          </div>
          <Link to="/admin/tournament">Tournament setup</Link>
        </div>
        <div>
          <div className="stat-label">Matches live</div>
          <div className="stat">{live}</div>
          <div className="muted">{waiting} waiting for a server</div>
          {next && (
            <div>
              Next: <Link to={`/admin/matches/${encodeURIComponent(next.slug)}`}>{next.label}</Link>{' '}
              <MatchEta eta={next.eta} />
            </div>
          )}
        </div>
        <div>
          <div className="stat-label">Servers free</div>
          <div className="stat">
            {free} / {servers?.length ?? 0}
          </div>
          <Link to="/admin/servers">Servers</Link>
        </div>
      </section>
    </main>
  );
}
