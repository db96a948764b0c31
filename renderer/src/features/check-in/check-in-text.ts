import type { CheckInList } from '../../api/endpoints.js';
import { formatDateTime } from '../../i18n/format.js';
import { t } from '../../i18n/index.js';

/** The check-in state in words, with the time left before the deadline (`now` in unix seconds). */
export function stateText(list: CheckInList, now: number): string {
  switch (list.state) {
    case 'off':
      return t('checkIn.state.off');
    case 'not_open':
      return t('checkIn.state.notOpen', { time: formatDateTime(list.opensAt!) });
    case 'closed':
      return t('checkIn.state.closed');
    case 'open': {
      if (list.deadline === null) {
        return t('checkIn.state.openUntilStart');
      }
      const left = Math.max(0, list.deadline - now);
      return t('checkIn.state.openLeft', { minutes: Math.floor(left / 60), seconds: left % 60 });
    }
  }
}

/** What the start does to the teams not checked in (API.md decision 36). */
export const missingText = (list: CheckInList) =>
  list.missing === 'drop' ? t('checkIn.missing.drop') : t('checkIn.missing.forfeit');
