import { admin } from '../../api/admin.js';
import { useAction } from '../../components/use-action.js';
import { useLastPreflight } from '../../hooks/console-data.js';
import { useT } from '../../i18n/index.js';

/** The last preflight result and the "Run checks" action that replaces it. */
export function useRunPreflight() {
  const t = useT();
  const last = useLastPreflight();
  const { busy, run } = useAction();
  const runChecks = async () => {
    const result = await run(
      () => admin.runPreflight(),
      (r) => (r.ok ? t('preflight.passed') : t('preflight.failedToast')),
    );
    if (result) {
      last.set({ ok: result.ok, ranAt: result.ranAt, checks: result.checks });
    }
  };
  return { last, busy, runChecks };
}
