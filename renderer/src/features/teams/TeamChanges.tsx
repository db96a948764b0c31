import { Spinner } from '../../components/Spinner.js';
import { timeAgo } from '../../components/time.js';
import { useTeamChanges } from '../../hooks/lineup-data.js';
import { useT } from '../../i18n/index.js';

type Names = ReadonlyMap<string, string>;

/** One side of a logged change, in words: players by name where the roster knows them, roster entries, a lineup with who left or came. */
function summary(value: unknown, names: Names): string {
  if (Array.isArray(value)) {
    return value.map((v) => summary(v, names)).join(', ');
  }
  if (typeof value === 'string') {
    return names.get(value) ?? value;
  }
  if (value !== null && typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (typeof v.name === 'string') {
      return `${v.name}${typeof v.platformId === 'string' ? ` (${v.platformId})` : ''}${v.role === 'coach' ? ' [coach]' : ''}`;
    }
    return Object.entries(v)
      .map(([key, inner]) => `${key}: ${summary(inner, names)}`)
      .join(' · ');
  }
  return String(value);
}

/** The team's roster and lineup changes, newest first (API.md decision 63). */
export function TeamChanges({ teamId, names }: { teamId: string; names: Names }) {
  const { data } = useTeamChanges(teamId);
  const t = useT();
  return (
    <section className="panel" aria-labelledby={`changes-${teamId}`}>
      <h2 id={`changes-${teamId}`}>{t('teams.changes.title')}</h2>
      {data === undefined ? (
        <Spinner label={t('teams.changes.loading')} />
      ) : data.length === 0 ? (
        <p className="muted">{t('teams.changes.none')}</p>
      ) : (
        <ul className="change-log">
          {data.map((change, i) => (
            <li key={`${change.at}-${i}`}>
              <strong>{t(`teams.changes.kind.${change.kind}`)}</strong>{' '}
              <span className="muted">
                {t('teams.changes.by', { at: timeAgo(change.at), actor: change.actor })}
                {change.matchSlug && ` · ${t('teams.changes.match', { slug: change.matchSlug })}`}
              </span>
              <div>
                {t('teams.changes.before')}: {summary(change.before, names)}
              </div>
              <div>
                {t('teams.changes.after')}: {summary(change.after, names)}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
