import { roundKeysOf } from '../../../shared/domain/stage-formats.js';
import { requiredTags, STAGE_TAG } from '../../../shared/domain/server-tags.js';
import type { MatchRecord } from '../matches/index.js';
import { shapeOf } from './format-source.js';
import type { TournamentRecord } from './repo.js';

/**
 * The tags a server must carry to take this match (API.md decisions 74, 76): its tournament's, its
 * stage's, its round's (the round keys of decision 31), and `stage` while it is on stage.
 * `stageMatches`: the matches of its stage, for the round names.
 */
export function requiredTagsOf(
  t: TournamentRecord | undefined,
  m: MatchRecord,
  stageMatches: readonly MatchRecord[],
): string[] {
  const onStage = m.onStage && [STAGE_TAG];
  if (t === undefined) {
    return requiredTags(onStage);
  }
  const place = { bracket: m.bracket, round: m.round, thirdPlace: m.label === 'Third Place' };
  const keys = () => roundKeysOf(place, shapeOf(stageMatches));
  const stageIndex = m.stage === 'groups' ? 0 : m.stage === 'playoffs' ? 1 : undefined;
  const stage = stageIndex === undefined ? undefined : t.stages?.[stageIndex];
  const rounds =
    stage === undefined ? t.settings.rounds : stage.kind === 'playoffs' ? stage.rounds : undefined;
  const roundTags =
    rounds &&
    keys()
      .map((k) => rounds[k]?.serverTags)
      .find((tags) => tags !== undefined);
  return requiredTags(t.serverTags, stage?.serverTags, roundTags, onStage);
}
