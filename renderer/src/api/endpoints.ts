import type { Me } from '../../../shared/contracts/auth.js';
import type { CreateTeam, Team, UpdateTeam } from '../../../shared/contracts/teams.js';
import type { z } from 'zod';
import type { Match } from '../../../shared/contracts/matches.js';
import type { HudHandOff } from '../../../shared/contracts/hud.js';
import type { JoinInfo } from '../../../shared/contracts/connect.js';
import type { GameMap } from '../../../shared/contracts/maps.js';
import type { Player } from '../../../shared/contracts/players.js';
import type { publicServerResponseSchema } from '../../../shared/contracts/servers.js';
import type { ratingHistoryEntrySchema } from '../../../shared/contracts/ratings.js';
import type {
  bracketStageSchema,
  GroupTable,
  leaderboardEntrySchema,
  swissStandingSchema,
  Tournament,
} from '../../../shared/contracts/tournament.js';
import type { CreateWebhook, Delivery, UpdateWebhook, Webhook } from '../../../shared/contracts/webhooks.js';
import type { allocationStatusResponseSchema } from '../../../shared/contracts/allocation.js';
import type { lanRosterSchema } from '../../../shared/contracts/auth.js';
import type {
  matchConnectResponseSchema,
  matchSpectateResponseSchema,
} from '../../../shared/contracts/matches.js';
import type { playerTeamResponseSchema } from '../../../shared/contracts/teams.js';
import type { VetoActionBody, VetoBoard } from '../../../shared/contracts/veto.js';
import type { MatchStats, PlayerStats, TournamentStats } from '../../../shared/contracts/stats.js';
import type { StatSort } from '../../../shared/domain/player-stats.js';
import type { checkInResponseSchema, CheckInTeam } from '../../../shared/contracts/check-in.js';
import type { TeamChange, TeamLineup } from '../../../shared/contracts/lineups.js';
import type { AttentionItem } from '../../../shared/contracts/attention.js';
import type { matchLiveSchema } from '../../../shared/contracts/plugin-events.js';
import { api } from './client.js';
import { tournamentPath } from './tournament-choice.js';
import type { TournamentListItem } from '../../../shared/contracts/tournaments.js';

export type { Match, Player, Tournament };
export type SwissStanding = z.infer<typeof swissStandingSchema>;
/** A stage as the bracket answer shows it; the groups stage carries its groups' standings. */
export type BracketStage = z.infer<typeof bracketStageSchema>;
export type { GroupTable };
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;
export type RatingHistoryEntry = z.infer<typeof ratingHistoryEntrySchema>;
export type LanRoster = z.infer<typeof lanRosterSchema>['teams'];
export type PlayerTeam = z.infer<typeof playerTeamResponseSchema>;
export type AllocationStatus = z.infer<typeof allocationStatusResponseSchema>;
export type PublicServer = z.infer<typeof publicServerResponseSchema>['server'];
export type Spectate = Omit<z.infer<typeof matchSpectateResponseSchema>, 'success'>;
export type ConnectDetails = NonNullable<z.infer<typeof matchConnectResponseSchema>['connect']>;
export type { VetoBoard, MatchStats, PlayerStats, TournamentStats, StatSort };

const seg = encodeURIComponent;

export interface Bracket {
  tournament: Tournament;
  matches: Match[];
  rounds: number;
  stages: BracketStage[];
  swissStandings: SwissStanding[];
}

export interface Health {
  status: string;
  version: string;
}

export interface SavedTeam {
  team: Team;
  warnings: string[];
}

/** The typed calls the web app makes; one function per endpoint. */
export type CheckInList = z.infer<typeof checkInResponseSchema>['checkIn'];

export type { TeamChange, TeamLineup };

export const endpoints = {
  matchLineups: (slug: string) => api<{ lineups: TeamLineup[] }>('GET', `/api/matches/${seg(slug)}/lineup`),
  setLineup: (slug: string, teamId: string, platformIds: string[]) =>
    api<{ lineup: TeamLineup }>('PUT', `/api/matches/${seg(slug)}/lineup`, { teamId, platformIds }),
  swapLineup: (slug: string, teamId: string, out: string, incoming: string) =>
    api<{ lineup: TeamLineup; plugin: { told: boolean; reply: string; warning: string | null } }>(
      'POST',
      `/api/matches/${seg(slug)}/lineup/swap`,
      { teamId, out, in: incoming },
    ),
  teamChanges: (teamId: string) => api<{ changes: TeamChange[] }>('GET', `/api/teams/${seg(teamId)}/changes`),
  fixPlayerId: (teamId: string, from: string, to: string) =>
    api<{ team: Team }>('POST', `/api/teams/${seg(teamId)}/players/${seg(from)}/fix-id`, { platformId: to }),
  checkIn: () => api<{ checkIn: CheckInList }>('GET', tournamentPath('/check-in')),
  /** A player leaves `teamId` out: their own team. */
  checkInTeam: (teamId?: string) =>
    api<{ team: CheckInTeam }>('POST', '/api/tournament/check-in', { teamId }),
  undoCheckIn: (teamId: string) =>
    api<{ team: CheckInTeam }>('DELETE', `/api/tournament/check-in/${encodeURIComponent(teamId)}`),

  health: () => api<Health>('GET', '/health'),
  me: () => api<Me>('GET', '/api/auth/me'),
  logout: () => api<{ success: true }>('POST', '/api/auth/logout'),
  listTeams: () => api<{ teams: Team[]; count: number }>('GET', '/api/teams'),
  createTeam: (team: CreateTeam) => api<SavedTeam>('POST', '/api/teams', team),
  updateTeam: (id: string, patch: UpdateTeam) =>
    api<SavedTeam>('PUT', `/api/teams/${encodeURIComponent(id)}`, patch),
  deleteTeam: (id: string) => api<{ success: true }>('DELETE', `/api/teams/${encodeURIComponent(id)}`),
  bracket: () => api<Bracket>('GET', tournamentPath('/bracket')),
  /** Every tournament (API.md decision 73). */
  tournaments: () => api<{ tournaments: TournamentListItem[] }>('GET', '/api/tournaments'),
  matches: () => api<{ matches: Match[]; count: number }>('GET', '/api/matches'),
  match: (slug: string) => api<{ match: Match }>('GET', `/api/matches/${encodeURIComponent(slug)}`),
  forfeit: (slug: string, teamId: string, reason: string) =>
    api<{ match: Match }>('POST', `/api/matches/${encodeURIComponent(slug)}/forfeit`, { teamId, reason }),
  holdJoinClock: (slug: string) =>
    api<{ match: Match }>('POST', `/api/matches/${encodeURIComponent(slug)}/hold`, {}),
  releaseJoinClock: (slug: string) =>
    api<{ match: Match }>('POST', `/api/matches/${encodeURIComponent(slug)}/release`, {}),
  decideWinner: (slug: string, winner: 'team1' | 'team2') =>
    api<{ match: Match }>('POST', `/api/matches/${encodeURIComponent(slug)}/winner`, { winner }),
  leaderboard: (tournamentId: number) =>
    api<{ entries: LeaderboardEntry[] }>('GET', `/api/tournament/${tournamentId}/leaderboard`),
  player: (platformId: string) =>
    api<{ player: Player }>('GET', `/api/players/${encodeURIComponent(platformId)}`),
  ratingHistory: (platformId: string) =>
    api<{ rating: number; history: RatingHistoryEntry[] }>(
      'GET',
      `/api/players/${encodeURIComponent(platformId)}/rating-history`,
    ),
  listWebhooks: () => api<{ webhooks: Webhook[] }>('GET', '/api/webhooks'),
  createWebhook: (input: Partial<CreateWebhook>) =>
    api<{ webhook: Webhook; secret: string }>('POST', '/api/webhooks', input),
  updateWebhook: (id: number, patch: UpdateWebhook) =>
    api<{ webhook: Webhook }>('PUT', `/api/webhooks/${id}`, patch),
  deleteWebhook: (id: number) => api<{ success: true }>('DELETE', `/api/webhooks/${id}`),
  testWebhook: (id: number) => api<{ delivery: Delivery }>('POST', `/api/webhooks/${id}/test`, {}),
  webhookDeliveries: (id: number) => api<{ deliveries: Delivery[] }>('GET', `/api/webhooks/${id}/deliveries`),
  resendDelivery: (id: number) =>
    api<{ delivery: Delivery }>('POST', `/api/webhooks/deliveries/${id}/resend`),

  lanRoster: () => api<{ teams: LanRoster }>('GET', '/api/auth/lan/roster'),
  lanSignIn: (platformId: string, teamCode: string) =>
    api<Me>('POST', '/api/auth/lan', { platformId, teamCode }),
  playerTeam: (platformId: string) => api<PlayerTeam>('GET', `/api/players/${seg(platformId)}/team`),
  teamMatch: (teamId: string) => api<{ match: Match | null }>('GET', `/api/team/${seg(teamId)}/match`),
  allocationStatus: () => api<AllocationStatus>('GET', '/api/tournament/allocation-status'),
  matchConnect: (slug: string) =>
    api<{ connect: ConnectDetails | null }>('GET', `/api/matches/${seg(slug)}/connect`),
  publicServer: (id: string) => api<{ server: PublicServer }>('GET', `/api/servers/${seg(id)}/public`),
  maps: () => api<{ maps: GameMap[] }>('GET', '/api/maps'),
  joinInfo: () => api<JoinInfo>('GET', '/api/connect/join'),
  matchSpectate: (slug: string) => api<Spectate>('GET', `/api/matches/${seg(slug)}/spectate`),
  stageQueue: () => api<{ matches: Match[]; count: number }>('GET', '/api/stage-queue'),
  stageGo: (slug: string) => api<{ match: Match }>('POST', `/api/matches/${seg(slug)}/go`),
  /** Lexogrine HUD Manager's import body for the match (decision 81). */
  matchHud: (slug: string) => api<HudHandOff>('GET', `/api/matches/${seg(slug)}/hud`),
  veto: (slug: string) => api<{ veto: VetoBoard }>('GET', `/api/veto/${seg(slug)}`),
  vetoAction: (slug: string, action: VetoActionBody) =>
    api<{ veto: VetoBoard }>('POST', `/api/veto/${seg(slug)}/action`, action),
  matchStats: (slug: string) => api<MatchStats>('GET', `/api/matches/${seg(slug)}/stats`),
  playerStats: (platformId: string) => api<PlayerStats>('GET', `/api/players/${seg(platformId)}/stats`),
  tournamentStats: (sort: StatSort) => api<TournamentStats>('GET', tournamentPath(`/stats?sort=${sort}`)),
  /** API.md decision 65: the signed-in player calls an admin (429 within 2 minutes of their last call). */
  callAdmin: (message: string) => api<{ item: AttentionItem }>('POST', '/api/me/call-admin', { message }),
  /** Who is on the match's server (the dashboard tiles' players present). */
  matchLive: (slug: string) =>
    api<{ live: z.infer<typeof matchLiveSchema> }>('GET', `/api/matches/${seg(slug)}/live`),
  myChatId: () => api<{ chatId: string | null }>('GET', '/api/players/me/chat-id'),
  setMyChatId: (chatId: string | null) =>
    api<{ chatId: string | null }>('PUT', '/api/players/me/chat-id', { chatId }),
};
