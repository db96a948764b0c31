import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { atOrAbove, LOG_LEVELS, type LogLevel } from '../../../../shared/domain/log-levels.js';
import type { RecoveredMatch } from '../../../../shared/contracts/recovery.js';
import { admin, type BulkResult } from '../../api/admin.js';
import { ConfirmButton } from '../../components/ConfirmButton.js';
import { useAction } from '../../components/use-action.js';
import { useLogs } from '../../hooks/console-data.js';
import { MATCH_CONTROLS } from '../matches/controls.js';
import { LiveBadge } from '../live/LiveBadge.js';
import { useAdminLiveData } from '../../stores/admin-live.js';

/** The controls that make sense on several servers at once (not skip veto or reallocate), and can work. */
const BULK_CONTROLS = MATCH_CONTROLS.filter(
  (c) => c.path !== 'skip-veto' && c.path !== 'reallocate' && c.unsupported === undefined,
);

function BulkActions() {
  const { servers } = useAdminLiveData();
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [path, setPath] = useState(BULK_CONTROLS[0]!.path);
  const [value, setValue] = useState('');
  const [results, setResults] = useState<BulkResult[] | null>(null);
  const { busy, run } = useAction();
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
  const label = `${control.label} on ${chosen.size} server${chosen.size === 1 ? '' : 's'}`;
  return (
    <section className="panel" aria-labelledby="bulk-title">
      <h2 id="bulk-title">Servers at once</h2>
      {servers?.length === 0 && <p className="muted">No servers yet.</p>}
      <fieldset className="server-picks">
        <legend>Servers</legend>
        {servers?.map((s) => (
          <label key={s.id} className="check">
            <input type="checkbox" checked={chosen.has(s.id)} onChange={() => toggle(s.id)} />
            {s.name} <span className="muted">{s.availability.activeMatch ?? 'no match'}</span>
          </label>
        ))}
      </fieldset>
      <div className="actions">
        <label htmlFor="bulk-action">Action</label>
        <select id="bulk-action" value={path} onChange={(e) => setPath(e.target.value)}>
          {BULK_CONTROLS.map((c) => (
            <option key={c.path} value={c.path}>
              {c.label}
            </option>
          ))}
        </select>
        {control.input && (
          <input
            aria-label={
              control.input === 'message' ? 'Message' : control.input === 'seconds' ? 'Seconds' : 'Round'
            }
            type={control.input === 'message' ? 'text' : 'number'}
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
        )}
        {control.destructive ? (
          <ConfirmButton
            label={label}
            confirmLabel={`Confirm: ${label.toLowerCase()}`}
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
        <ul aria-label="Results per server">
          {results.map((r) => (
            <li key={r.serverId} className={r.ok ? 'ok-text' : undefined}>
              {r.serverId}: {r.ok ? `done${r.matchSlug ? ` (${r.matchSlug})` : ''}` : r.error}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function EventMonitor() {
  const { pluginEvents } = useAdminLiveData();
  return (
    <section className="panel" id="event-monitor" aria-labelledby="monitor-title">
      <h2 id="monitor-title">Server events</h2>
      {pluginEvents.length === 0 ? (
        <p className="muted">Events from game servers appear here as they arrive.</p>
      ) : (
        <ul className="event-list" aria-label="Server events">
          {pluginEvents.slice(0, 60).map((e, i) => (
            <li key={`${e.receivedAt}-${i}`}>
              <code>{e.event}</code> <span className="muted">{e.sender ?? '?'}</span> {e.outcome}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function AppLogs() {
  const { logs: arrived } = useAdminLiveData();
  const [level, setLevel] = useState<LogLevel>('info');
  const earlier = useLogs(level).data ?? [];
  const lastEarlier = earlier.at(-1)?.seq ?? 0;
  const lines = [...earlier, ...arrived.filter((e) => e.seq > lastEarlier)]
    .filter((e) => atOrAbove(e.level, level))
    .slice(-200);
  return (
    <section className="panel" id="app-logs" aria-labelledby="logs-title">
      <div className="page-head">
        <h2 id="logs-title">App logs</h2>
        <label className="check">
          Level{' '}
          <select value={level} onChange={(e) => setLevel(e.target.value as LogLevel)} aria-label="Log level">
            {LOG_LEVELS.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ul className="event-list log-list" aria-label="App logs">
        {[...lines].reverse().map((e) => (
          <li key={e.seq} className={`log-${e.level}`}>
            <span className="muted">{new Date(e.time).toLocaleTimeString()}</span> <strong>{e.level}</strong>{' '}
            {e.module && <code>{e.module}</code>} {e.msg}
          </li>
        ))}
      </ul>
    </section>
  );
}

const RECOVERY_TEXT: Record<RecoveredMatch['action'], string> = {
  end_series: 'series ended',
  in_sync: 'in step with its server',
  mark_live: 'set live',
  requeue: 'back in the queue',
  needs_attention: 'needs you',
  unreachable: 'server did not answer',
};

function Recovery() {
  const { busy, run } = useAction();
  const [found, setFound] = useState<RecoveredMatch[] | null>(null);
  const recover = async () => {
    const answer = await run(
      admin.recover,
      (r) => `Recovery looked at ${r.count} match${r.count === 1 ? '' : 'es'}`,
    );
    if (answer) {
      setFound(answer.matches);
    }
  };
  return (
    <section className="panel" aria-labelledby="recovery-title">
      <h2 id="recovery-title">Match recovery</h2>
      <p className="muted">
        Checks every loaded or live match against its server (status, stored events, a fresh report) and puts
        it right. Matchday runs it at every start.
      </p>
      <button type="button" className="primary" disabled={busy} onClick={() => void recover()}>
        {busy ? 'Recovering…' : 'Run Match Recovery Now'}
      </button>
      {found && (
        <ul aria-label="Recovery results">
          {found.length === 0 && <li>No match was loaded or live.</li>}
          {found.map((m) => (
            <li key={m.slug}>
              <strong>{m.label}</strong>: {RECOVERY_TEXT[m.action]}{' '}
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
  // Dev Tools link straight to the event monitor and the logs.
  useEffect(() => {
    if (hash) {
      document.getElementById(hash.slice(1))?.scrollIntoView();
    }
  }, [hash]);
  return (
    <main className="page">
      <div className="page-head">
        <h1>Admin tools</h1>
        <LiveBadge />
      </div>
      <Recovery />
      <BulkActions />
      <EventMonitor />
      <AppLogs />
    </main>
  );
}
