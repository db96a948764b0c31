import { currentLanguage } from './index.js';

/** Dates, times and numbers in the language in use (decision 51), never in the machine's locale. */
export function formatDateTime(unixSeconds: number): string {
  return new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'medium', timeStyle: 'short' }).format(
    unixSeconds * 1000,
  );
}

export function formatTime(unixSeconds: number): string {
  return new Intl.DateTimeFormat(currentLanguage(), { hour: '2-digit', minute: '2-digit' }).format(
    unixSeconds * 1000,
  );
}

export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(currentLanguage(), options).format(value);
}
