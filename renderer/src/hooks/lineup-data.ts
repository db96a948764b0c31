import { endpoints } from '../api/endpoints.js';
import { useResource } from './use-resource.js';

/** Both teams' lineups of a match; loaded again when the match's status moves on or it changes live. */
export const useMatchLineups = (slug: string | null, refreshWhen?: unknown) =>
  useResource(slug && `lineups:${slug}`, () => endpoints.matchLineups(slug!).then((r) => r.lineups), {
    refreshWhen,
    refreshOn: (message) => message.topic === 'match' && message.match.slug === slug,
  });

/** A team's roster and lineup changes, newest first; loaded again when the team changes. */
export const useTeamChanges = (teamId: string, refreshWhen?: unknown) =>
  useResource(`team-changes:${teamId}`, () => endpoints.teamChanges(teamId).then((r) => r.changes), {
    refreshWhen,
    refreshOn: (message) => message.topic === 'team' && message.teamId === teamId,
  });
