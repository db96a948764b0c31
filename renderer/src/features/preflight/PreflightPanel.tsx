import { Link } from 'react-router';
import { Spinner } from '../../components/Spinner.js';
import { formatDateTime } from '../../i18n/format.js';
import { useT } from '../../i18n/index.js';
import { PreflightChecks } from './PreflightChecks.js';
import { useRunPreflight } from './use-run-preflight.js';

/** The dashboard's preflight: the last result, its failed checks and "Run checks" (API.md decision 57). */
export function PreflightPanel() {
  const t = useT();
  const { last, busy, runChecks } = useRunPreflight();
  const result = last.data;
  const failed = result?.checks.filter((c) => !c.ok) ?? [];
  return (
    <section className="panel" aria-labelledby="preflight-title">
      <div className="preflight-head">
        <h2 id="preflight-title">{t('preflight.title')}</h2>
        <button type="button" className="primary" disabled={busy} onClick={() => void runChecks()}>
          {busy ? t('preflight.running') : t('preflight.run')}
        </button>
      </div>
      {result === undefined ? (
        <Spinner />
      ) : result === null ? (
        <p className="muted">{t('preflight.never')}</p>
      ) : (
        <>
          <p role="status" className={result.ok ? 'ok-text' : 'danger-text'}>
            {result.ok
              ? t('preflight.summaryOk', { count: result.checks.length })
              : t('preflight.summaryFailed', { count: failed.length })}{' '}
            <span className="muted">{t('preflight.ranAt', { time: formatDateTime(result.ranAt) })}</span>
          </p>
          {failed.length > 0 && <PreflightChecks checks={failed} />}
        </>
      )}
      <Link to="/admin/preflight">{t('preflight.allChecks')}</Link>
    </section>
  );
}
