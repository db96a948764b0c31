import type { ErrorDetail } from '../../../../shared/contracts/errors.js';
import { groupSizes, groupStageProblems } from '../../../../shared/domain/group-stage.js';
import { t } from '../../i18n/index.js';
import type { Draft } from './draft.js';

/** The group stage's problems (the rule the API applies on save) in the reader's words. */
function groupStageText(draft: Draft): ErrorDetail[] {
  const groups = draft.stages?.[0];
  if (draft.type !== 'groups_playoffs' || !groups) {
    return [];
  }
  const teams = draft.teamIds.length;
  const { groupCount, advancePerGroup } = groups;
  const advancing = groupCount * advancePerGroup;
  return groupStageProblems(groups, teams).map(({ path }) => {
    if (path === 'stages.0.groupCount') {
      return { path, message: t('tournament.check.tooManyGroups', { teams, max: Math.floor(teams / 2) }) };
    }
    if (advancing < 2) {
      return { path, message: t('tournament.check.tooFewAdvance', { advancing }) };
    }
    const smallest = Math.min(...groupSizes(teams, groupCount));
    return {
      path,
      message: t('tournament.check.tooManyAdvance', { advancing, teams, smallest, max: smallest - 1 }),
    };
  });
}

/**
 * What the setup being typed cannot be, per field and in words, before any save: the editor shows each
 * at its field while the organiser types.
 */
export function draftProblems(draft: Draft): ErrorDetail[] {
  return [
    ...(draft.name.trim() === '' ? [{ path: 'name', message: t('tournament.check.nameEmpty') }] : []),
    ...groupStageText(draft),
  ];
}

/** The draft's own problems, and the last refusal's at fields the draft has no word on. */
export function withDraftProblems(
  draft: readonly ErrorDetail[],
  refused: readonly ErrorDetail[],
): ErrorDetail[] {
  const paths = new Set(draft.map((p) => p.path));
  return [...draft, ...refused.filter((p) => !paths.has(p.path))];
}
