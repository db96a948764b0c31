import { Link } from 'react-router';
import { MatchEta } from '../../components/MatchEta.js';
import { Spinner } from '../../components/Spinner.js';
import { useStuckLoads, useWebhooks } from '../../hooks/console-data.js';
import { attentionItems } from './attention.js';
import { AttentionList } from '../attention/AttentionList.js';
import { QueueList } from './QueueList.js';
import { ServerTiles } from './ServerTiles.js';
import { ConnectPanel } from '../connect/ConnectPanel.js';
import { PreflightPanel } from '../preflight/PreflightPanel.js';
import { TestMatchesPanel } from '../test-matches/TestMatchesPanel.js';
import { LiveBadge } from '../live/LiveBadge.js';
import { useAdminLiveData } from '../../stores/admin-live.js';
import { useLiveData } from '../../stores/live.js';
import { useT } from '../../i18n/index.js';
import { useMatchLabel } from '../../hooks/use-match-label.js';

/** Webhook endpoints are turned off by the dispatcher, which announces nothing live: look again now and then. */
const WEBHOOK_POLL_MS = 30_000;
/** A load becomes stuck by time passing alone (two minutes unfetched): look again every so often. */
const STUCK_LOAD_POLL_MS = 15_000;

/** Players per team when the tournament names none (the plugin's default). */
const DEFAULT_TEAM_SIZE = 5;

/** The printable pages, for the wall and the entrance. */
const PRINT_PAGES = ['bracket', 'groups', 'schedule', 'flyer'] as const;

export function DashboardPage() {
  const { matches, tournament, loadError } = useLiveData();
  const t = useT();
  const label = useMatchLabel();
  const { servers, serversError, attention, attentionError } = useAdminLiveData();
  const { data: webhooks, error: webhooksError } = useWebhooks(WEBHOOK_POLL_MS);
  const { data: stuckLoads, error: stuckLoadsError } = useStuckLoads(STUCK_LOAD_POLL_MS);
  const all = Object.values(matches);
  const loading = tournament === undefined || servers === undefined || webhooks === undefined;
  const items = loading ? [] : attentionItems(all, servers, webhooks, stuckLoads ?? []);
  const live = all.filter((m) => m.status === 'live' || m.status === 'loaded').length;
  const waiting = all.filter((m) => m.status === 'ready').length;
  const next = all.find((m) => m.eta?.position === 1);
  const free = servers?.filter((s) => s.availability.free).length ?? 0;
  const errors = [loadError, serversError, attentionError, webhooksError, stuckLoadsError].filter(Boolean);

  return (
    <main className="page control-room-page">
      <div className="page-head">
        <h1>{t('dashboard.title')}</h1>
        <LiveBadge />
      </div>
      {errors.map((e) => (
        <p key={e} className="panel banner-error" role="alert">
          {e}
        </p>
      ))}
      <div className="control-room">
        <section className="panel" aria-labelledby="tiles-title">
          <h2 id="tiles-title">{t('dashboard.tiles.title')}</h2>
          {servers === undefined || attention === undefined ? (
            <Spinner />
          ) : (
            <ServerTiles
              servers={servers}
              matches={all}
              teamSize={tournament?.settings.teamSize ?? DEFAULT_TEAM_SIZE}
              items={attention}
            />
          )}
        </section>
        <div>
          <section className="panel" aria-labelledby="queue-attention-title">
            <h2 id="queue-attention-title">
              <Link to="/admin/attention">{t('attention.title')}</Link>
            </h2>
            {attention === undefined ? <Spinner /> : <AttentionList items={attention} />}
          </section>
          <section className="panel" aria-labelledby="match-queue-title">
            <h2 id="match-queue-title">{t('dashboard.queue.title')}</h2>
            <QueueList matches={all} />
          </section>
        </div>
      </div>
      <section className="panel" aria-labelledby="attention-title">
        <h2 id="attention-title">{t('dashboard.attention.title')}</h2>
        {loading ? (
          <Spinner />
        ) : items.length === 0 ? (
          <p className="ok-text">{t('dashboard.attention.nothing')}</p>
        ) : (
          <ul className="attention-list" aria-label={t('dashboard.attention.title')}>
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
      <PreflightPanel />
      <TestMatchesPanel />
      <ConnectPanel />
      <section className="panel stat-grid" aria-label={t('dashboard.glance.title')}>
        <div>
          <div className="stat-label">{t('dashboard.glance.tournament')}</div>
          <div className="stat">
            {tournament === undefined
              ? '…'
              : tournament === null
                ? t('dashboard.glance.noTournament')
                : t('dashboard.glance.tournamentLine', {
                    name: tournament.name,
                    status: t(`dashboard.tournamentStatus.${tournament.status}`),
                  })}
          </div>
          <Link to="/admin/tournament">{t('dashboard.glance.setup')}</Link>
          <nav className="print-links" aria-label={t('print.link')}>
            {t('print.link')}:{' '}
            {PRINT_PAGES.map((page) => (
              <Link key={page} to={`/print/${page}`}>
                {t(`print.title.${page}`)}
              </Link>
            ))}
          </nav>
        </div>
        <div>
          <div className="stat-label">{t('dashboard.glance.live')}</div>
          <div className="stat">{live}</div>
          <div className="muted">{t('dashboard.glance.waiting', { count: waiting })}</div>
          {next && (
            <div>
              {t('dashboard.glance.next')}{' '}
              <Link to={`/admin/matches/${encodeURIComponent(next.slug)}`}>{label(next.label)}</Link>{' '}
              <MatchEta eta={next.eta} />
            </div>
          )}
        </div>
        <div>
          <div className="stat-label">{t('dashboard.glance.serversFree')}</div>
          <div className="stat">
            {free} / {servers?.length ?? 0}
          </div>
          <Link to="/admin/servers">{t('dashboard.glance.servers')}</Link>
        </div>
      </section>
    </main>
  );
}
