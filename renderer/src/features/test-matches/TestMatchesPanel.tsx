import { admin } from '../../api/admin.js';
import { Spinner } from '../../components/Spinner.js';
import { useAction } from '../../components/use-action.js';
import { useTestMatches } from '../../hooks/console-data.js';
import { formatDateTime } from '../../i18n/format.js';
import { useT } from '../../i18n/index.js';
import { TEST_MATCH_STEPS, type TestMatchServerReport } from '../../../../shared/contracts/test-matches.js';

/** The dashboard's "Test every server" and its live per-server progress (API.md decision 58). */
export function TestMatchesPanel() {
  const t = useT();
  const report = useTestMatches();
  const { busy, run } = useAction();
  const testing = report.data?.finishedAt === null;
  const start = async () => {
    const result = await run(() => admin.startTestMatches(), t('testMatches.started'));
    if (result) {
      report.set(result.run);
    }
  };
  const data = report.data;
  return (
    <section className="panel" aria-labelledby="test-matches-title">
      <div className="preflight-head">
        <h2 id="test-matches-title">{t('testMatches.title')}</h2>
        <button type="button" className="primary" disabled={busy || testing} onClick={() => void start()}>
          {busy || testing ? t('testMatches.running') : t('testMatches.run')}
        </button>
      </div>
      <p className="muted">{t('testMatches.intro')}</p>
      {data === undefined ? (
        <Spinner />
      ) : data === null ? (
        <p className="muted">{t('testMatches.never')}</p>
      ) : (
        <>
          <p role="status">
            {data.finishedAt === null
              ? t('testMatches.summaryRunning', { time: formatDateTime(data.startedAt) })
              : t('testMatches.summaryDone', {
                  time: formatDateTime(data.finishedAt),
                  passed: data.servers.filter((s) => s.state === 'passed').length,
                  count: data.servers.length,
                })}
          </p>
          <ul className="test-matches">
            {data.servers.map((server) => (
              <ServerProgress key={server.serverId} server={server} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function ServerProgress({ server }: { server: TestMatchServerReport }) {
  const t = useT();
  const tone = { running: 'muted', passed: 'ok-text', failed: 'danger-text' }[server.state];
  return (
    <li>
      <strong>{server.name}</strong> <span className={tone}>{t(`testMatches.state.${server.state}`)}</span>
      <ol className="test-match-steps">
        {TEST_MATCH_STEPS.map((step) => {
          const at = server.steps[step];
          return (
            <li key={step} className={at === null ? 'muted' : undefined}>
              {t(`testMatches.steps.${step}`)}
              {at !== null && <> · {formatDateTime(at)}</>}
            </li>
          );
        })}
      </ol>
      {server.failed && (
        <p className="danger-text">
          {t('testMatches.failedAt', {
            step: t(`testMatches.steps.${server.failed.step}`),
            reason: server.failed.reason,
          })}
        </p>
      )}
    </li>
  );
}
