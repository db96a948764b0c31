import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { atOrAbove, LOG_LEVELS, type LogLevel } from '../../../../shared/domain/log-levels.js';
import type { RecoveredMatch } from '../../../../shared/contracts/recovery.js';
import { admin, type BulkResult } from '../../api/admin.js';
import { ConfirmButton } from '../../components/ConfirmButton.js';
import { failureText } from '../../components/failure-text.js';
import { useAction } from '../../components/use-action.js';
import { useLogs, useSimulationPolicy } from '../../hooks/console-data.js';
import { MATCH_CONTROLS, type ControlInput, type MatchControl } from '../matches/controls.js';
import { LiveBadge } from '../live/LiveBadge.js';
import { useAdminLiveData } from '../../stores/admin-live.js';
import { currentLanguage, useT } from '../../i18n/index.js';
import { matchLabelText } from '../../i18n/match-label.js';
import { eventOutcomeText } from '../../i18n/event-outcome.js';

/** The controls that make sense on several servers at once (not skip veto or reallocate to a server), and can work. */
const BULK_CONTROLS = MATCH_CONTROLS.filter(
  (c): c is MatchControl & { input?: Exclude<ControlInput, 'server'> } =>
    c.path !== 'skip-veto' && c.input !== 'server' && c.unsupported === undefined,
);

function BulkActions() {
  const { servers } = useAdminLiveData();
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [path, setPath] = useState(BULK_CONTROLS[0]!.path);
  const [value, setValue] = useState('');
  const [results, setResults] = useState<BulkResult[] | null>(null);
  const { busy, run } = useAction();
  const t = useT();
  const control = BULK_CONTROLS.find((c) => c.path === path)!;
  const toggle = (id: string) =>
    setChosen((before) => {
      const next = new Set(before);
      if (!next.delete(id)) {
        next.add(id);
      }
      return next;
    });
  const go = async () => {
    const extra =
      control.input === 'message'
        ? { message: value }
        : control.input === 'seconds'
          ? { seconds: Number(value) }
          : control.input === 'round'
            ? { round: Number(value) }
            : {};
    const answer = await run(() =>
      admin.bulkServerAction({ serverIds: [...chosen], action: path, ...extra }),
    );
    setResults(answer?.results ?? null);
  };
  const words = (action: (typeof BULK_CONTROLS)[number]['action']) => ({
    label: t(`matches.controls.action.${action}.label`),
    lower: t(`matches.controls.action.${action}.lower`),
  });
  const label = t('tools.bulk.run', { action: words(control.action).label, count: chosen.size });
  return (
    <section className="panel" aria-labelledby="bulk-title">
      <h2 id="bulk-title">{t('tools.bulk.title')}</h2>
      {servers?.length === 0 && <p className="muted">{t('tools.bulk.noServers')}</p>}
      <fieldset className="server-picks">
        <legend>{t('tools.bulk.servers')}</legend>
        {servers?.map((s) => (
          <label key={s.id} className="check">
            <input type="checkbox" checked={chosen.has(s.id)} onChange={() => toggle(s.id)} />
            {s.name} <span className="muted">{s.availability.activeMatch ?? t('tools.bulk.noMatch')}</span>
          </label>
        ))}
      </fieldset>
      <div className="actions">
        <label htmlFor="bulk-action">{t('tools.bulk.action')}</label>
        <select id="bulk-action" value={path} onChange={(e) => setPath(e.target.value)}>
          {BULK_CONTROLS.map((c) => (
            <option key={c.path} value={c.path}>
              {words(c.action).label}
            </option>
          ))}
        </select>
        {control.input && (
          <input
            aria-label={t(`tools.bulk.input.${control.input}`)}
            type={control.input === 'message' ? 'text' : 'number'}
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
        )}
        {control.destructive ? (
          <ConfirmButton
            label={label}
            confirmLabel={t('tools.bulk.confirm', {
              action: words(control.action).lower,
              count: chosen.size,
            })}
            busy={busy}
            disabled={chosen.size === 0}
            onConfirm={() => void go()}
          />
        ) : (
          <button
            type="button"
            className="primary"
            disabled={busy || chosen.size === 0}
            onClick={() => void go()}
          >
            {label}
          </button>
        )}
      </div>
      {results && (
        <ul aria-label={t('tools.bulk.results')}>
          {results.map((r) => (
            <li key={r.serverId} className={r.ok ? 'ok-text' : undefined}>
              {r.serverId}:{' '}
              {r.ok
                ? r.matchSlug
                  ? t('tools.bulk.doneWithMatch', { match: r.matchSlug })
                  : t('tools.bulk.done')
                : failureText(r)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function EventMonitor() {
  const { pluginEvents } = useAdminLiveData();
  const t = useT();
  return (
    <section className="panel" id="event-monitor" aria-labelledby="monitor-title">
      <h2 id="monitor-title">{t('tools.monitor.title')}</h2>
      {pluginEvents.length === 0 ? (
        <p className="muted">{t('tools.monitor.empty')}</p>
      ) : (
        <ul className="event-list" aria-label={t('tools.monitor.title')}>
          {pluginEvents.slice(0, 60).map((e, i) => (
            <li key={`${e.receivedAt}-${i}`}>
              <code>{e.event}</code> <span className="muted">{e.sender ?? '?'}</span>{' '}
              {eventOutcomeText(e.outcome)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A log line's clock time to the second, in the language in use (format.ts's times stop at minutes). */
const logTime = (ms: number) =>
  new Intl.DateTimeFormat(currentLanguage(), { timeStyle: 'medium' }).format(ms);

function AppLogs() {
  const { logs: arrived } = useAdminLiveData();
  const [level, setLevel] = useState<LogLevel>('info');
  const t = useT();
  const earlier = useLogs(level).data ?? [];
  const lastEarlier = earlier.at(-1)?.seq ?? 0;
  const lines = [...earlier, ...arrived.filter((e) => e.seq > lastEarlier)]
    .filter((e) => atOrAbove(e.level, level))
    .slice(-200);
  return (
    <section className="panel" id="app-logs" aria-labelledby="logs-title">
      <div className="page-head">
        <h2 id="logs-title">{t('tools.logs.title')}</h2>
        <label className="check">
          {t('tools.logs.level')}{' '}
          <select
            value={level}
            onChange={(e) => setLevel(e.target.value as LogLevel)}
            aria-label={t('tools.logs.levelLabel')}
          >
            {LOG_LEVELS.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ul className="event-list log-list" aria-label={t('tools.logs.title')}>
        {[...lines].reverse().map((e) => (
          <li key={e.seq} className={`log-${e.level}`}>
            <span className="muted">{logTime(e.time)}</span> <strong>{e.level}</strong>{' '}
            {e.module && <code>{e.module}</code>} {e.msg}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Recovery() {
  const { busy, run } = useAction();
  const [found, setFound] = useState<RecoveredMatch[] | null>(null);
  const t = useT();
  const recover = async () => {
    const answer = await run(admin.recover, (r) => t('tools.recovery.looked', { count: r.count }));
    if (answer) {
      setFound(answer.matches);
    }
  };
  return (
    <section className="panel" aria-labelledby="recovery-title">
      <h2 id="recovery-title">{t('tools.recovery.title')}</h2>
      <p className="muted">{t('tools.recovery.about')}</p>
      <button type="button" className="primary" disabled={busy} onClick={() => void recover()}>
        {busy ? t('tools.recovery.running') : t('tools.recovery.run')}
      </button>
      {found && (
        <ul aria-label={t('tools.recovery.results')}>
          {found.length === 0 && <li>{t('tools.recovery.none')}</li>}
          {found.map((m) => (
            <li key={m.slug}>
              <strong>{matchLabelText(m.label)}</strong>: {t(`tools.recovery.action.${m.action}`)}{' '}
              <span className="muted">({m.reason})</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The organiser's tools for when reality goes wrong: bulk server actions, what servers send, the app's log. */
export function ToolsPage() {
  const { hash } = useLocation();
  const t = useT();
  const simulationAllowed = useSimulationPolicy(true).data?.simulation.allowed ?? false;
  // Dev Tools link straight to the event monitor and the logs.
  useEffect(() => {
    if (hash) {
      document.getElementById(hash.slice(1))?.scrollIntoView();
    }
  }, [hash]);
  return (
    <main className="page">
      <div className="page-head">
        <h1>{t('tools.title')}</h1>
        <LiveBadge />
      </div>
      {simulationAllowed && (
        <p>
          <Link to="/admin/dev-tools">{t('tools.devTools')}</Link>
        </p>
      )}
      <Recovery />
      <BulkActions />
      <EventMonitor />
      <AppLogs />
    </main>
  );
}
