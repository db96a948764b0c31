import type { Migration } from '../migrate.js';
import { initial } from './001-initial.js';
import { brackets } from './002-brackets.js';
import { tournaments } from './003-tournaments.js';
import { pluginEvents } from './004-plugin-events.js';
import { teamExternalIds } from './005-team-external-ids.js';
import { gameServers } from './006-game-servers.js';
import { vetoVersion } from './007-veto-version.js';
import { webhooks } from './008-webhooks.js';
import { signIn } from './009-sign-in.js';
import { pluginDetection } from './010-plugin-detection.js';
import { eventIdentity } from './011-event-identity.js';
import { stages } from './012-stages.js';
import { tournamentTeams } from './013-tournament-teams.js';
import { matchTeamSize } from './014-match-team-size.js';
import { playerStats } from './015-player-stats.js';
import { resultCorrections } from './016-result-corrections.js';
import { checkIns } from './017-check-ins.js';
import { forfeits } from './018-forfeits.js';
import { templateStages } from './019-template-stages.js';
import { playoffSeats } from './020-playoff-seats.js';
import { leases } from './021-leases.js';
import { liveMessages } from './022-live-messages.js';
import { serverWatches } from './023-server-watches.js';
import { retiredMatchids } from './024-retired-matchids.js';
import { serverTestEvents } from './025-server-test-events.js';
import { preflightResults } from './026-preflight-results.js';
import { lineups } from './027-lineups.js';
import { attentionQueue } from './028-attention-queue.js';
import { teamWithdrawals } from './029-team-withdrawals.js';
import { roundBackups } from './030-round-backups.js';
import { tournamentTimetable } from './031-tournament-timetable.js';
import { testMatches } from './032-test-matches.js';
import { gameModesServerTags } from './033-game-modes-server-tags.js';
import { failover } from './034-failover.js';
import { joinClock } from './035-join-clock.js';
import { oneOpenLoadPerServer } from './036-one-open-load-per-server.js';
import { signInFailures } from './037-sign-in-failures.js';
import { primaryTournament } from './038-primary-tournament.js';
import { mapAdvantage } from './039-map-advantage.js';
import { eventLogIndexes } from './040-event-log-indexes.js';

/** Every migration, in order. New ones are appended, never edited once released. */
export const MIGRATIONS: readonly Migration[] = [
  initial,
  brackets,
  tournaments,
  pluginEvents,
  teamExternalIds,
  gameServers,
  vetoVersion,
  webhooks,
  signIn,
  pluginDetection,
  eventIdentity,
  stages,
  tournamentTeams,
  matchTeamSize,
  playerStats,
  resultCorrections,
  checkIns,
  forfeits,
  templateStages,
  playoffSeats,
  leases,
  liveMessages,
  serverWatches,
  retiredMatchids,
  serverTestEvents,
  preflightResults,
  lineups,
  attentionQueue,
  teamWithdrawals,
  roundBackups,
  tournamentTimetable,
  testMatches,
  gameModesServerTags,
  failover,
  joinClock,
  oneOpenLoadPerServer,
  signInFailures,
  primaryTournament,
  mapAdvantage,
  eventLogIndexes,
];
