import type { VetoBoard } from '../../api/endpoints.js';
import type { VetoPrompt } from '../../../../shared/domain/veto-prompt.js';
import { t } from '../../i18n/index.js';

/** The veto board's prompt in words: "Your turn: ban a map.", "Waiting for Bravo to pick a map.". */
export function promptText(prompt: VetoPrompt, mapLabel: (map: string) => string): string {
  if (prompt.kind !== 'turn') {
    return t(`veto.prompt.${prompt.kind}`);
  }
  // Whole sentences per case: the team's name and the map sit elsewhere in the German word order.
  const whose = prompt.myTurn ? 'myTurn' : 'waiting';
  const what = prompt.sideMap ? 'sideOn' : prompt.action;
  return t(`veto.prompt.${whose}.${what}`, {
    team: prompt.teamName,
    map: prompt.sideMap ? mapLabel(prompt.sideMap) : '',
  });
}

/** How a map of the result starts, in the reader's language: "Alpha starts CT", or a knife round. */
export function mapStartText(board: VetoBoard, side: VetoBoard['maps'][number]['side']): string {
  if (side === 'knife') {
    return t('veto.side.knife');
  }
  return t('veto.side.starts', {
    team: board.team1?.name ?? t('veto.side.team1'),
    side: side === 'team1_ct' ? 'CT' : 'T',
  });
}
