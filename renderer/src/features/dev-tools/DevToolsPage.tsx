import { useState } from 'react';
import { Link } from 'react-router';
import { admin } from '../../api/admin.js';
import { TypedConfirmButton } from '../../components/TypedConfirmButton.js';
import { Spinner } from '../../components/Spinner.js';
import { useAction } from '../../components/use-action.js';
import { useAdminLiveData } from '../../stores/admin-live.js';
import { useLiveData } from '../../stores/live.js';
import { useSettings } from '../../hooks/console-data.js';
import { useT } from '../../i18n/index.js';
import { formatNumber } from '../../i18n/format.js';

type ResetAnswer = Awaited<ReturnType<typeof admin.resetSimulationState>>;

/** Simulation at a glance: the setting, and what the matches and servers are doing now. */
function SimulationGlance({ on, timescale }: { on: boolean; timescale: number }) {
  const { matches } = useLiveData();
  const { servers } = useAdminLiveData();
  const t = useT();
  const list = Object.values(matches);
  const count = (...statuses: string[]) => list.filter((m) => statuses.includes(m.status)).length;
  return (
    <section className="panel" aria-labelledby="glance-title">
      <h2 id="glance-title">{t('devTools.glance.title')}</h2>
      <dl className="kv">
        <dt>{t('devTools.glance.simulation')}</dt>
        <dd>
          {on
            ? t('devTools.glance.on', {
                timescale: formatNumber(timescale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
              })
            : t('devTools.glance.off')}
        </dd>
        <dt>{t('devTools.glance.matches')}</dt>
        <dd>
          {t('devTools.glance.counts', {
            all: list.length,
            live: count('live'),
            loaded: count('loaded'),
            ready: count('ready'),
            pending: count('pending'),
            decision: count('needs_decision'),
            over: count('completed', 'cancelled'),
          })}
        </dd>
        <dt>{t('devTools.glance.servers')}</dt>
        <dd>
          {servers === undefined
            ? '…'
            : t('devTools.glance.free', {
                free: servers.filter((s) => s.availability.free).length,
                count: servers.length,
              })}
        </dd>
      </dl>
      <p>
        <Link to="/admin/settings">{t('devTools.glance.settings')}</Link>
      </p>
    </section>
  );
}

/** Reset Simulation State; the counts above follow the live stream. */
function ResetSimulation() {
  const { busy, run } = useAction();
  const [result, setResult] = useState<ResetAnswer | null>(null);
  const t = useT();
  const reset = async () => {
    const answer = await run(() => admin.resetSimulationState());
    if (answer) {
      setResult(answer);
    }
  };
  return (
    <section className="panel" aria-labelledby="reset-title">
      <h2 id="reset-title">{t('devTools.reset.title')}</h2>
      <p className="muted">{t('devTools.reset.about')}</p>
      <TypedConfirmButton
        label={t('devTools.reset.button')}
        confirmLabel={t('devTools.reset.confirm')}
        word="RESET"
        busy={busy}
        onConfirm={() => void reset()}
      />
      {result && (
        <p role="status">
          {result.stoppedServers.length > 0
            ? t('devTools.reset.deletedStopped', {
                count: result.deletedMatches,
                servers: result.stoppedServers.join(', '),
              })
            : t('devTools.reset.deleted', { count: result.deletedMatches })}
        </p>
      )}
    </section>
  );
}

/** The spec's Dev Tools page, where simulation is allowed (a local build, or production opted in). */
export function DevToolsPage() {
  const { data: answer, error } = useSettings();
  const t = useT();
  return (
    <main className="page">
      <h1>{t('devTools.title')}</h1>
      {error && (
        <p className="panel banner-error" role="alert">
          {error}
        </p>
      )}
      {!answer && !error && <Spinner />}
      {answer && !answer.simulation.allowed && (
        <p className="panel" role="note">
          {t('devTools.off')} {answer.simulation.reason}
        </p>
      )}
      {answer?.simulation.allowed && (
        <>
          <SimulationGlance
            on={answer.settings.simulateMatches}
            timescale={answer.settings.simulationTimescale}
          />
          <ResetSimulation />
          <section className="panel" aria-labelledby="dev-links-title">
            <h2 id="dev-links-title">{t('devTools.watch.title')}</h2>
            <ul>
              <li>
                <Link to="/admin/tools#event-monitor">{t('devTools.watch.monitor')}</Link>
              </li>
              <li>
                <Link to="/admin/tools#app-logs">{t('devTools.watch.logs')}</Link>
              </li>
            </ul>
          </section>
        </>
      )}
    </main>
  );
}
