import { Link } from 'react-router';
import { Spinner } from '../../components/Spinner.js';
import { useCorrections } from '../../hooks/console-data.js';
import { formatDateTime } from '../../i18n/format.js';
import { useT } from '../../i18n/index.js';
import { useMatchLabel } from '../../hooks/use-match-label.js';

const score = (r: { team1SeriesScore: number; team2SeriesScore: number }) =>
  `${r.team1SeriesScore}:${r.team2SeriesScore}`;

/** `/admin/corrections`: every result correction of the tournament, newest first (API.md decision 40). */
export function CorrectionsPage() {
  const { data } = useCorrections();
  const t = useT();
  const label = useMatchLabel();
  return (
    <main className="page">
      <div className="page-head">
        <h1>{t('matches.corrections.title')}</h1>
      </div>
      <section className="panel" aria-label={t('matches.corrections.region')}>
        {data === undefined ? (
          <Spinner />
        ) : data.length === 0 ? (
          <p className="muted">{t('matches.corrections.empty')}</p>
        ) : (
          <table>
            <thead>
              <tr>
                <th>{t('matches.corrections.when')}</th>
                <th>{t('matches.corrections.match')}</th>
                <th>{t('matches.corrections.before')}</th>
                <th>{t('matches.corrections.after')}</th>
                <th>{t('matches.corrections.repaired')}</th>
                <th>{t('matches.corrections.reset')}</th>
                <th>{t('matches.corrections.by')}</th>
                <th>{t('matches.corrections.reason')}</th>
              </tr>
            </thead>
            <tbody>
              {data.map((c) => (
                <tr key={c.id}>
                  <td>{formatDateTime(c.at)}</td>
                  <td>
                    <Link to={`/admin/matches/${encodeURIComponent(c.matchSlug)}`}>
                      {label(c.matchLabel)}
                    </Link>
                  </td>
                  <td>
                    {c.before.winnerId ?? t('matches.corrections.draw')} {score(c.before)}
                  </td>
                  <td>
                    {c.after.winnerId ?? t('matches.corrections.draw')} {score(c.after)}
                  </td>
                  <td>{c.repaired.join(', ') || '–'}</td>
                  <td>
                    {c.reset.join(', ') || '–'}
                    {c.forced && ` ${t('matches.corrections.forced')}`}
                  </td>
                  <td>{c.by.label ?? c.by.platformId ?? c.by.kind}</td>
                  <td>{c.reason ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </main>
  );
}
