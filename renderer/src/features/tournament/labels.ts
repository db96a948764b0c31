import type { NamedRoundKey } from '../../../../shared/domain/stage-formats.js';
import { t } from '../../i18n/index.js';

const NUMBERED_ROUND = /^(UB |LB )?R(\d+)$/;
const NUMBERED_TEXT = { '': 'round', 'UB ': 'upperRound', 'LB ': 'lowerRound' } as const;

/** A round key of decision 31 in words: "Final", "Round 2", "UB round 1"; unknown keys as they are. */
export function roundLabel(key: string): string {
  const numbered = NUMBERED_ROUND.exec(key);
  if (numbered) {
    const prefix = (numbered[1] ?? '') as keyof typeof NUMBERED_TEXT;
    return t(`tournament.rounds.numbered.${NUMBERED_TEXT[prefix]}`, { n: numbered[2] });
  }
  return t(`tournament.rounds.named.${key as NamedRoundKey}`, { defaultValue: key });
}
