import { formatNumber } from '../../i18n/format.js';

/** A rating as a whole number, written like Elo ratings without a thousands separator: 1512. */
export const formatRating = (rating: number) =>
  formatNumber(rating, { maximumFractionDigits: 0, useGrouping: false });

/** A rating's change, signed: +13, -8, 0. */
export const formatRatingChange = (change: number) =>
  formatNumber(change, { maximumFractionDigits: 0, useGrouping: false, signDisplay: 'exceptZero' });
