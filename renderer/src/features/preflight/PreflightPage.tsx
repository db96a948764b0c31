import { Spinner } from '../../components/Spinner.js';
import { formatDateTime } from '../../i18n/format.js';
import { useT } from '../../i18n/index.js';
import { PREFLIGHT_SCOPES } from '../../../../shared/contracts/preflight.js';
import { PreflightChecks } from './PreflightChecks.js';
import { useRunPreflight } from './use-run-preflight.js';

/** `/admin/preflight` (API.md decision 67): every check of the last run, by scope. */
export function PreflightPage() {
  const t = useT();
  const { last, busy, runChecks } = useRunPreflight();
  const result = last.data;
  return (
    <main className="page">
      <div className="page-head">
        <h1>{t('preflight.title')}</h1>
        <button type="button" className="primary" disabled={busy} onClick={() => void runChecks()}>
          {busy ? t('preflight.running') : t('preflight.run')}
        </button>
      </div>
      <p className="muted">{t('preflight.intro')}</p>
      {result === undefined ? (
        <Spinner />
      ) : result === null ? (
        <p className="panel muted">{t('preflight.never')}</p>
      ) : (
        <>
          <p role="status" className={`panel ${result.ok ? 'ok-text' : 'danger-text'}`}>
            {result.ok ? t('preflight.okLine') : t('preflight.failedLine')}{' '}
            <span className="muted">{t('preflight.ranAt', { time: formatDateTime(result.ranAt) })}</span>
          </p>
          {PREFLIGHT_SCOPES.map((scope) => {
            const checks = result.checks.filter((c) => c.scope === scope);
            return (
              checks.length > 0 && (
                <section key={scope} className="panel" aria-label={t(`preflight.scope.${scope}`)}>
                  <h2>{t(`preflight.scope.${scope}`)}</h2>
                  <PreflightChecks checks={checks} />
                </section>
              )
            );
          })}
        </>
      )}
    </main>
  );
}
