import { endpoints } from '../api/endpoints.js';
import { useResource } from './use-resource.js';

/**
 * Both teams' lineups of a match; loaded again when the match's status moves on or a team changes (a
 * lineup saved or a swap announces its team), not on every round of a live match.
 */
export const useMatchLineups = (slug: string | null, refreshWhen?: unknown) =>
  useResource(slug && `lineups:${slug}`, () => endpoints.matchLineups(slug!).then((r) => r.lineups), {
    refreshWhen,
    refreshOn: (message) => message.topic === 'team',
  });

/** A team's roster and lineup changes, newest first; loaded again when the team changes. */
export const useTeamChanges = (teamId: string, refreshWhen?: unknown) =>
  useResource(`team-changes:${teamId}`, () => endpoints.teamChanges(teamId).then((r) => r.changes), {
    refreshWhen,
    refreshOn: (message) => message.topic === 'team' && message.teamId === teamId,
  });
