import { useEffect, useState } from 'react';
import { admin, type SettingsAnswer } from '../../api/admin.js';

/**
 * The install's simulation settings and whether simulation (and with it Dev Tools) is allowed here:
 * a production build hides both unless PLUGIN_ENABLE_SIMULATION_IN_PROD allows them. Undefined while
 * loading; `load` reads them again.
 */
export function useSimulationSettings(enabled = true) {
  const [answer, setAnswer] = useState<SettingsAnswer | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (!enabled) {
      return;
    }
    let gone = false;
    admin
      .settings()
      .then((a) => !gone && (setAnswer(a), setError(null)))
      .catch((err: Error) => !gone && setError(err.message));
    return () => {
      gone = true;
    };
  }, [enabled, version]);
  return { answer, error, reload: () => setVersion((v) => v + 1) };
}
