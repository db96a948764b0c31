import { useState } from 'react';
import { Link } from 'react-router';
import { admin } from '../../api/admin.js';
import { ConfirmButton } from '../../components/ConfirmButton.js';
import { Spinner } from '../../components/Spinner.js';
import { useAction } from '../../components/use-action.js';
import { useAdminLiveData } from '../../stores/admin-live.js';
import { useLiveData } from '../../stores/live.js';
import { useSettings } from '../../hooks/console-data.js';

type ResetAnswer = Awaited<ReturnType<typeof admin.resetSimulationState>>;

/** Simulation at a glance: the setting, and what the matches and servers are doing now. */
function SimulationGlance({ on, timescale }: { on: boolean; timescale: number }) {
  const { matches } = useLiveData();
  const { servers } = useAdminLiveData();
  const list = Object.values(matches);
  const count = (...statuses: string[]) => list.filter((m) => statuses.includes(m.status)).length;
  return (
    <section className="panel" aria-labelledby="glance-title">
      <h2 id="glance-title">Simulation state</h2>
      <dl className="kv">
        <dt>Simulation</dt>
        <dd>{on ? `on, timescale ${timescale.toFixed(1)}×` : 'off'}</dd>
        <dt>Matches</dt>
        <dd>
          {list.length} in all: {count('live')} live, {count('loaded')} loaded, {count('ready')} waiting for a
          server, {count('pending')} upcoming, {count('needs_decision')} need a decision,{' '}
          {count('completed', 'cancelled')} over
        </dd>
        <dt>Servers</dt>
        <dd>
          {servers === undefined
            ? '…'
            : `${servers.filter((s) => s.availability.free).length} free of ${servers.length}`}
        </dd>
      </dl>
      <p>
        <Link to="/admin/settings">Change the simulation settings</Link>
      </p>
    </section>
  );
}

/** Reset Simulation State; the counts above follow the live stream. */
function ResetSimulation() {
  const { busy, run } = useAction();
  const [result, setResult] = useState<ResetAnswer | null>(null);
  const reset = async () => {
    const answer = await run(() => admin.resetSimulationState());
    if (answer) {
      setResult(answer);
    }
  };
  return (
    <section className="panel" aria-labelledby="reset-title">
      <h2 id="reset-title">Reset simulation state</h2>
      <p className="muted">
        Deletes every match and its stats, and stops what the servers play. Servers, teams, maps and the
        tournament setup stay.
      </p>
      <ConfirmButton
        label="Reset simulation state"
        confirmLabel="Confirm: delete every match and its stats"
        busy={busy}
        onConfirm={() => void reset()}
      />
      {result && (
        <p role="status">
          {result.deletedMatches} {result.deletedMatches === 1 ? 'match' : 'matches'} deleted
          {result.stoppedServers.length > 0 && `; servers stopped: ${result.stoppedServers.join(', ')}`}.
        </p>
      )}
    </section>
  );
}

/** The spec's Dev Tools page, where simulation is allowed (a local build, or production opted in). */
export function DevToolsPage() {
  const { data: answer, error } = useSettings();
  return (
    <main className="page">
      <h1>Dev Tools</h1>
      {error && (
        <p className="panel banner-error" role="alert">
          {error}
        </p>
      )}
      {!answer && !error && <Spinner label="Loading…" />}
      {answer && !answer.simulation.allowed && (
        <p className="panel" role="note">
          Dev Tools are off on this install. {answer.simulation.reason}
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
            <h2 id="dev-links-title">Watch</h2>
            <ul>
              <li>
                <Link to="/admin/tools#event-monitor">Server event monitor</Link>
              </li>
              <li>
                <Link to="/admin/tools#app-logs">App logs</Link>
              </li>
            </ul>
          </section>
        </>
      )}
    </main>
  );
}
