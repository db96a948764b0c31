import { formatNumber } from '../../i18n/format.js';

/** The scoreboards' figures in the language in use (decision 51): "85.3" in English is "85,3" in German. */
export const formatKd = (kd: number) =>
  formatNumber(kd, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const formatAdr = (adr: number) =>
  formatNumber(adr, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A whole percentage: "50%" in English, "50 %" in German. */
export const formatPercent = (percent: number) => formatNumber(percent / 100, { style: 'percent' });

/** A signed difference as HLTV shows it: +3, -2, 0. */
export const formatSigned = (n: number) => formatNumber(n, { signDisplay: 'exceptZero' });
