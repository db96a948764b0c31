import { useTournaments } from '../../hooks/public-data.js';
import { useT } from '../../i18n/index.js';

/** Every running tournament, each linking to its pages (API.md decision 73: `?t=<id>`). */
export function RunningTournaments() {
  const { data } = useTournaments();
  const t = useT();
  const running = (data ?? []).filter((item) => item.status === 'in_progress');
  if (running.length === 0) {
    return null;
  }
  return (
    <section className="panel" aria-label={t('home.running.title')}>
      <h2>{t('home.running.title')}</h2>
      <ul className="running-tournaments">
        {running.map((item) => (
          <li key={item.id}>
            {/* A full load: the live store reads `?t=` when it loads. */}
            <a href={`/?t=${item.id}`}>
              <strong>{item.name}</strong>
            </a>{' '}
            <span className="muted">
              {t(`home.type.${item.type}`)} · {t(`home.mode.${item.gameMode}`)}
            </span>{' '}
            <a href={`/bracket?t=${item.id}`}>{t('home.links.bracket')}</a>
          </li>
        ))}
      </ul>
    </section>
  );
}
