import type { SqlPort } from './sql-port.js';
import { createSessionsRepo } from '../features/auth/repo.js';
import { createSignInFailuresRepo } from '../features/auth/failures-repo.js';
import { createDemosRepo } from '../features/demos/repo.js';
import { createExternalIdsRepo } from '../features/integrations/repo.js';
import { createLoadsRepo } from '../features/loading/repo.js';
import { createMapsRepo } from '../features/maps/repo.js';
import { createMatchesRepo } from '../features/matches/repo.js';
import { createMetaRepo } from '../features/meta/repo.js';
import { createPreflightRepo } from '../features/preflight/repo.js';
import { createTestMatchesRepo } from '../features/test-matches/repo.js';
import { createPlayersRepo } from '../features/players/repo.js';
import { createRosterPlayersRepo } from '../features/players/roster-repo.js';
import { createPluginEventsRepo } from '../features/plugin-events/repo.js';
import { createPlayerStatsRepo } from '../features/plugin-events/stats-repo.js';
import { createRatingsRepo } from '../features/ratings/repo.js';
import { createRoundBackupsRepo } from '../features/round-backups/repo.js';
import { createServersRepo } from '../features/servers/repo.js';
import { createSettingsRepo } from '../features/settings/repo.js';
import { createJoinCodesRepo } from '../features/teams/join-codes-repo.js';
import { createTeamsRepo } from '../features/teams/repo.js';
import { createTeamChangesRepo } from '../features/teams/changes-repo.js';
import { createLineupsRepo } from '../features/lineups/repo.js';
import { createTournamentRepo } from '../features/tournament/repo.js';
import { createCorrectionsRepo } from '../features/tournament/corrections-repo.js';
import { createCheckInRepo } from '../features/tournament/check-in-repo.js';
import { createWebhooksRepo } from '../features/webhooks/repo.js';
import { createLeasesRepo } from '../features/cluster/repo.js';
import { createLiveMessagesRepo } from '../features/cluster/live-repo.js';
import { createAttentionRepo } from '../features/attention/repo.js';
import { createAttentionCausesRepo } from '../features/attention/causes-repo.js';

/**
 * Every repo, built once when the database opens (each prepares its statements then) over the storage port and handed to
 * the features in their context: `ctx.repos.matches`.
 */
export function createRepos(db: SqlPort) {
  return {
    attention: createAttentionRepo(db),
    attentionCauses: createAttentionCausesRepo(db),
    checkIns: createCheckInRepo(db),
    corrections: createCorrectionsRepo(db),
    demos: createDemosRepo(db),
    externalIds: createExternalIdsRepo(db),
    joinCodes: createJoinCodesRepo(db),
    leases: createLeasesRepo(db),
    liveMessages: createLiveMessagesRepo(db),
    loads: createLoadsRepo(db),
    maps: createMapsRepo(db),
    matches: createMatchesRepo(db),
    meta: createMetaRepo(db),
    players: createPlayersRepo(db),
    playerStats: createPlayerStatsRepo(db),
    pluginEvents: createPluginEventsRepo(db),
    preflight: createPreflightRepo(db),
    testMatches: createTestMatchesRepo(db),
    ratings: createRatingsRepo(db),
    rosterPlayers: createRosterPlayersRepo(db),
    roundBackups: createRoundBackupsRepo(db),
    servers: createServersRepo(db),
    sessions: createSessionsRepo(db),
    signInFailures: createSignInFailuresRepo(db),
    settings: createSettingsRepo(db),
    teams: createTeamsRepo(db),
    teamChanges: createTeamChangesRepo(db),
    lineups: createLineupsRepo(db),
    tournaments: createTournamentRepo(db),
    webhooks: createWebhooksRepo(db),
  };
}

export type Repos = ReturnType<typeof createRepos>;
