import {
  namedRoundOf,
  parseMatchLabel,
  type LastRounds,
  type MatchLabelParts,
} from '../../../shared/domain/match-label.js';
import { t } from './index.js';

function partsText(parts: MatchLabelParts, lastRounds: LastRounds): string {
  switch (parts.kind) {
    case 'text':
      return parts.text;
    case 'winnerOf':
    case 'loserOf':
      return t(`matches.label.${parts.kind}`, { match: partsText(parts.match, lastRounds) });
    case 'groupPlace':
      return t('matches.label.groupPlace', { group: parts.group, place: parts.place });
    case 'final':
    case 'thirdPlace':
    case 'grandFinal':
    case 'grandFinalReset':
      return t(`matches.label.${parts.kind}`);
    case 'round':
    case 'upper':
    case 'lower': {
      const lastRound = lastRounds[parts.kind];
      const named = lastRound === undefined ? null : namedRoundOf(parts, lastRound);
      return named
        ? t(`matches.label.named.${parts.kind}.${named}`, { number: parts.number })
        : t(`matches.label.${parts.kind}`, { ...parts });
    }
    default:
      return t(`matches.label.${parts.kind}`, { ...parts });
  }
}

/**
 * A match label or an empty slot's name ("Group A R1 M1", "Winner of R1 M1") in the language in use; a
 * label an organiser typed stays as it is. Call it while rendering, as `t`.
 */
export function matchLabelText(label: string, lastRounds: LastRounds = {}): string {
  return partsText(parseMatchLabel(label), lastRounds);
}

/** An empty slot's name in the language in use, null when the slot has none. */
export const slotText = (placeholder: string | null): string | null =>
  placeholder === null ? null : matchLabelText(placeholder);
