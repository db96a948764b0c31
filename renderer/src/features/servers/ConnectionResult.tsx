import { useEffect, useRef } from 'react';
import type { ConnectionTest } from '../../api/admin.js';
import { useT } from '../../i18n/index.js';

/** The outcome of a connection test, check by check, in words an organiser can act on. */
export function ConnectionResult({ result }: { result: ConnectionTest }) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  // The form is taller than a laptop screen: bring the answer into view beside its button, not below the fold.
  useEffect(() => {
    box.current?.scrollIntoView({ block: 'nearest' });
  }, [result]);
  const checks = [
    { name: t('servers.connection.rcon'), check: result.rcon },
    ...(result.plugin ? [{ name: t('servers.connection.plugin'), check: result.plugin }] : []),
  ];
  return (
    <div
      ref={box}
      className={`result-box ${result.ok ? 'ok' : 'failed'}`}
      role="status"
      aria-label={t('servers.connection.label')}
    >
      <strong>{result.ok ? t('servers.connection.works') : t('servers.connection.failed')}</strong>
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
