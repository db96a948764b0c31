import type { CheckInList } from '../../api/endpoints.js';

/** The check-in state in words, with the time left before the deadline (`now` in unix seconds). */
export function stateText(list: CheckInList, now: number): string {
  switch (list.state) {
    case 'off':
      return 'Check-in is not required for this tournament.';
    case 'not_open':
      return `Check-in opens ${new Date(list.opensAt! * 1000).toLocaleString()}.`;
    case 'closed':
      return 'Check-in is closed.';
    case 'open': {
      if (list.deadline === null) {
        return 'Check-in is open until the tournament starts.';
      }
      const left = Math.max(0, list.deadline - now);
      const minutes = Math.floor(left / 60);
      return `Check-in is open: ${minutes} min ${left % 60} s left.`;
    }
  }
}

/** What the start does to the teams not checked in (API.md decision 36). */
export const missingText = (list: CheckInList) =>
  list.missing === 'drop'
    ? 'At the start, teams not checked in are left out of the draw.'
    : 'At the start, teams not checked in lose their first match by forfeit.';
