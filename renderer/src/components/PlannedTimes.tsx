import type { Tournament } from '../api/endpoints.js';
import { useNow } from '../hooks/use-now.js';
import { formatDateTime, formatTime } from '../i18n/format.js';
import { useT } from '../i18n/index.js';

/** Planned starts within this many seconds show the time alone; later ones their date too. */
const SAME_DAY_SECONDS = 12 * 3600;

/**
 * The timetable as players and the projector see it (API.md decision 75): "paused", the break running
 * ("Lunch until 13:45") and the planned round starts still ahead ("final: not before 14:00").
 */
export function PlannedTimes({ tournament }: { tournament: Tournament }) {
  const t = useT();
  const now = useNow(30_000);
  const { timetable, settings } = tournament;
  const ahead = Object.entries(settings.schedule.rounds)
    .filter(([, r]) => r.notBefore > now)
    .sort((a, b) => a[1].notBefore - b[1].notBefore);
  if (!timetable.paused && !timetable.currentBreak && ahead.length === 0) {
    return null;
  }
  return (
    <div className="planned-times" role="status" aria-label={t('common.planned.label')}>
      {timetable.paused && <p className="planned-state">{t('common.planned.paused')}</p>}
      {!timetable.paused && timetable.currentBreak && (
        <p className="planned-state">
          {t('common.planned.break', {
            name: timetable.currentBreak.name,
            time: formatTime(timetable.currentBreak.to),
          })}
        </p>
      )}
      {ahead.length > 0 && (
        <ul className="planned-rounds">
          {ahead.map(([key, r]) => (
            <li key={key}>
              {t('common.planned.notBefore', {
                round: key.replace(/^main\./, ''),
                time:
                  r.notBefore - now < SAME_DAY_SECONDS
                    ? formatTime(r.notBefore)
                    : formatDateTime(r.notBefore),
              })}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
