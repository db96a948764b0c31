import { formatDateTime, formatTime } from '../i18n/format.js';
import { t } from '../i18n/index.js';
import { startTimeForm, type StartTimeForm } from '../../../shared/domain/start-time-form.js';

/** "12 s ago", "3 min ago", "2 h ago", or the date: how long since a Unix time, for a glance. */
export function timeAgo(unixSeconds: number | null, now = Date.now() / 1000): string {
  if (unixSeconds === null) {
    return t('common.never');
  }
  const seconds = Math.max(0, Math.round(now - unixSeconds));
  if (seconds < 60) {
    return t('common.secondsAgo', { count: seconds });
  }
  if (seconds < 3600) {
    return t('common.minutesAgo', { count: Math.floor(seconds / 60) });
  }
  if (seconds < 86_400) {
    return t('common.hoursAgo', { count: Math.floor(seconds / 3600) });
  }
  return formatDateTime(unixSeconds);
}

/**
 * When a match should start (API.md decision 43): "about 12 min", or the local clock time ("about 14:35")
 * when it is more than an hour away. Counted from `startsAt`, so a shown estimate ages with the clock; a
 * list passes the `form` its whole column takes (`startTimeForm`).
 */
export function aboutWhen(
  startsAt: number,
  now = Date.now() / 1000,
  form: StartTimeForm = startTimeForm([startsAt], now),
): string {
  return form === 'clock'
    ? t('common.aboutTime', { time: formatTime(startsAt) })
    : t('common.aboutMinutes', { count: Math.max(0, Math.round((startsAt - now) / 60)) });
}
