import type { ConnectionTest } from '../../api/admin.js';

/** The outcome of a connection test, check by check, in words an organiser can act on. */
export function ConnectionResult({ result }: { result: ConnectionTest }) {
  const checks = [
    { name: 'RCON', check: result.rcon },
    ...(result.plugin ? [{ name: 'Plugin', check: result.plugin }] : []),
  ];
  return (
    <div
      className={`result-box ${result.ok ? 'ok' : 'failed'}`}
      role="status"
      aria-label="Connection test result"
    >
      <strong>{result.ok ? 'Connection works' : 'Connection failed'}</strong>
      <ul>
        {checks.map(({ name, check }) => (
          <li key={name} className={check.ok ? 'ok-text' : 'danger-text'}>
            {name}: {check.message}
            {check.ms !== undefined && <span className="muted"> ({check.ms} ms)</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}
