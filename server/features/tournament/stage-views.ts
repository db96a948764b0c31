import type { Stage, Tournament } from '../../../shared/contracts/tournament.js';
import { defaultGroupSwissRounds } from '../../../shared/domain/group-stage.js';
import { joinRuleOf } from '../../../shared/domain/join-clock.js';
import { swissRoundsFor } from '../../../shared/domain/swiss-pools.js';
import type { MatchesRepo } from '../matches/index.js';
import type { TournamentRecord } from './repo.js';

type StageStatus = Stage['status'];

/**
 * A tournament's stages with their defaults filled in, and the stage being played (API.md decision
 * 25): one `main` stage for a single-stage type, `groups` then `playoffs` for `groups_playoffs`.
 */
export async function presentStages(
  t: TournamentRecord,
  matches: Pick<MatchesRepo, 'hasOpenInStage'>,
): Promise<Pick<Tournament, 'stages' | 'currentStage'>> {
  const running = t.status === 'in_progress';
  const whole: StageStatus = t.status === 'setup' ? 'pending' : running ? 'in_progress' : 'completed';
  if (!t.stages) {
    return {
      stages: [
        {
          id: 'main',
          kind: 'main',
          type: t.type,
          status: whole,
          format: t.format,
          mapPool: t.settings.mapPool,
          rounds: t.settings.rounds ?? {},
          ...joinRuleOf(t.settings),
        },
      ],
      currentStage: running ? 'main' : null,
    };
  }
  const [groups, playoffs] = t.stages;
  const teamCount = t.seeds.length > 0 ? t.seeds.length : t.teamIds.length;
  const groupsOpen = running && (await matches.hasOpenInStage(t.id, 'groups'));
  const filled = t.playoffSeats !== null;
  return {
    stages: [
      {
        id: 'groups',
        kind: 'groups',
        type: groups.type,
        groupCount: groups.groupCount,
        advancePerGroup: groups.advancePerGroup,
        ...(groups.type === 'swiss'
          ? {
              swissRounds: swissRoundsFor(groups, defaultGroupSwissRounds(teamCount, groups.groupCount)),
              advanceAt: groups.advanceAt ?? null,
              eliminateAt: groups.eliminateAt ?? null,
              deciderFormat: groups.deciderFormat ?? null,
            }
          : {}),
        format: groups.format ?? t.format,
        mapPool: groups.mapPool ?? t.settings.mapPool,
        status: t.status === 'setup' ? 'pending' : groupsOpen ? 'in_progress' : 'completed',
        ...joinRuleOf(t.settings, groups),
      },
      {
        id: 'playoffs',
        kind: 'playoffs',
        type: playoffs.type,
        format: playoffs.format ?? t.format,
        mapPool: playoffs.mapPool ?? t.settings.mapPool,
        rounds: playoffs.rounds ?? {},
        grandFinalMode: playoffs.grandFinalMode ?? 'simple',
        thirdPlaceMatch: playoffs.thirdPlaceMatch ?? false,
        start: playoffs.start ?? 'auto',
        status: t.status === 'completed' ? 'completed' : running && filled ? 'in_progress' : 'pending',
        ...joinRuleOf(t.settings, playoffs),
      },
    ],
    currentStage: running ? (filled ? 'playoffs' : 'groups') : null,
  };
}
