import { lastRoundsOf } from '../../../shared/domain/match-label.js';
import { useT } from '../i18n/index.js';
import { matchLabelText } from '../i18n/match-label.js';
import { useLiveData } from '../stores/live.js';

/**
 * Says match labels and empty slots in the language in use, a semi- or quarter-final by its round's name
 * as the bracket heads it ("Semi-final 1"), counted over the tournament's matches.
 */
export function useMatchLabel(): (label: string) => string {
  const { matches } = useLiveData();
  useT(); // the words follow a language switch
  const lastRounds = lastRoundsOf(Object.values(matches));
  return (label) => matchLabelText(label, lastRounds);
}
