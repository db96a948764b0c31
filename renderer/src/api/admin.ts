import type { PreflightResult } from '../../../shared/contracts/preflight.js';
import type { TestMatchRun } from '../../../shared/contracts/test-matches.js';
import type { z } from 'zod';
import type { batchFailureSchema } from '../../../shared/contracts/common.js';
import type { CreateMap, GameMap, MapPool, MapPoolInput, UpdateMap } from '../../../shared/contracts/maps.js';
import type { CreatePlayer, Player, UpdatePlayer } from '../../../shared/contracts/players.js';
import type {
  BulkResult,
  CreateServer,
  GameServer,
  connectionTestResponseSchema,
  serverStatusResponseSchema,
  UpdateServer,
} from '../../../shared/contracts/servers.js';
import type { Settings, SettingsPatch, settingsResponseSchema } from '../../../shared/contracts/settings.js';
import type { Team } from '../../../shared/contracts/teams.js';
import type { TeamImportResponse } from '../../../shared/contracts/team-import.js';
import type {
  CreateTournament,
  templateInputSchema,
  templateSchema,
  Tournament,
  UpdateTournament,
} from '../../../shared/contracts/tournament.js';
import type { StartPreview } from '../../../shared/contracts/tournament-start.js';
import type { simulationResetResponseSchema } from '../../../shared/contracts/tournament-tools.js';
import type { workshopLookupResponseSchema } from '../../../shared/contracts/maps.js';
import type { ConnectInfo } from '../../../shared/contracts/connect.js';
import type { RestoreAnswer, Snapshot, snapshotListSchema } from '../../../shared/contracts/backup.js';
import type { Match, StuckLoad } from '../../../shared/contracts/matches.js';
import type { storedEventSchema } from '../../../shared/contracts/plugin-events.js';
import type { LogEntry } from '../../../shared/contracts/logs.js';
import type { LogLevel } from '../../../shared/domain/log-levels.js';
import type { RecoveredMatch } from '../../../shared/contracts/recovery.js';
import type {
  Correction,
  CorrectionBody,
  correctionResponseSchema,
} from '../../../shared/contracts/corrections.js';
import type { AttentionItem } from '../../../shared/contracts/attention.js';
import { api } from './client.js';

export type { GameMap, GameServer, MapPool, Player, Settings, Team, Tournament };
export type BatchFailure = z.infer<typeof batchFailureSchema>;
export type StoredEvent = z.infer<typeof storedEventSchema>;
export type { BulkResult };
export interface BatchResult<T> {
  success: boolean;
  successful: T[];
  failed: BatchFailure[];
  stats: { total: number; successful: number; failed: number };
}
export type ConnectionTest = z.infer<typeof connectionTestResponseSchema>;
export type ServerStatus = z.infer<typeof serverStatusResponseSchema>;
export type SettingsAnswer = z.infer<typeof settingsResponseSchema>;
export type Template = z.infer<typeof templateSchema>;
export type TemplateInput = z.input<typeof templateInputSchema>;
export type WorkshopItem = z.infer<typeof workshopLookupResponseSchema>['item'];
type Saved<K extends string, T> = { [key in K]: T } & { warnings: string[] };

const id = (value: string | number) => encodeURIComponent(String(value));

/** The admin console's calls; one function per endpoint (public pages use `endpoints`). */
/** One stored round backup as the backups list names it. */
export interface RoundBackupSummary {
  mapNumber: number;
  round: number;
  team1Score: number;
  team2Score: number;
  at: number;
  bytes: number;
}

export const admin = {
  /** A team CSV file: `dryRun` previews it, otherwise it is saved all or nothing (API.md decision 79). */
  importTeamsCsv: (csv: string, dryRun: boolean) =>
    api<TeamImportResponse>(
      'POST',
      `/api/teams/import${dryRun ? '?dryRun=true' : ''}`,
      new Blob([csv], { type: 'text/csv' }),
    ),

  listPlayers: () => api<{ players: Player[] }>('GET', '/api/players'),
  createPlayer: (player: CreatePlayer) => api<{ player: Player }>('POST', '/api/players', player),
  importPlayers: (players: CreatePlayer[]) =>
    api<BatchResult<{ player: Player }>>('POST', '/api/players', players),
  updatePlayer: (platformId: string, patch: UpdatePlayer) =>
    api<{ player: Player }>('PUT', `/api/players/${id(platformId)}`, patch),
  deletePlayer: (platformId: string) => api<{ success: true }>('DELETE', `/api/players/${id(platformId)}`),

  listServers: () => api<{ servers: GameServer[] }>('GET', '/api/servers'),
  createServer: (server: CreateServer) => api<{ server: GameServer }>('POST', '/api/servers', server),
  updateServer: (serverId: string, patch: UpdateServer) =>
    api<{ server: GameServer }>('PUT', `/api/servers/${id(serverId)}`, patch),
  deleteServer: (serverId: string) => api<{ success: true }>('DELETE', `/api/servers/${id(serverId)}`),
  setServerEnabled: (serverId: string, enabled: boolean) =>
    api<{ server: GameServer }>('POST', `/api/servers/${id(serverId)}/${enabled ? 'enable' : 'disable'}`),
  rerunSetup: (serverId: string, confirmAddressChange = false) =>
    api<{ server: GameServer }>(
      'POST',
      `/api/servers/${id(serverId)}/setup`,
      confirmAddressChange ? { confirmAddressChange } : undefined,
    ),
  serverStatus: (serverId: string) => api<ServerStatus>('GET', `/api/servers/${id(serverId)}/status`),
  testServer: (serverId: string) => api<ConnectionTest>('POST', `/api/servers/${id(serverId)}/test`),
  testConnection: (target: { host: string; port: number; rconPassword: string }) =>
    api<ConnectionTest>('POST', '/api/servers/test-connection', target),

  listMaps: () => api<{ maps: GameMap[] }>('GET', '/api/maps'),
  createMap: (map: Partial<CreateMap>) => api<{ map: GameMap }>('POST', '/api/maps', map),
  importMaps: (maps: Partial<CreateMap>[]) => api<BatchResult<GameMap>>('POST', '/api/maps', maps),
  updateMap: (mapId: string, patch: UpdateMap) =>
    api<{ map: GameMap }>('PUT', `/api/maps/${id(mapId)}`, patch),
  deleteMap: (mapId: string) => api<{ success: true }>('DELETE', `/api/maps/${id(mapId)}`),
  workshopLookup: (idOrUrl: string) =>
    api<{ item: WorkshopItem }>('GET', `/api/maps/workshop/${id(idOrUrl)}`),
  listPools: () => api<{ pools: MapPool[] }>('GET', '/api/map-pools'),
  createPool: (pool: MapPoolInput) => api<{ pool: MapPool }>('POST', '/api/map-pools', pool),
  updatePool: (poolId: number, pool: MapPoolInput) =>
    api<{ pool: MapPool }>('PUT', `/api/map-pools/${poolId}`, pool),
  deletePool: (poolId: number) => api<{ success: true }>('DELETE', `/api/map-pools/${poolId}`),

  tournament: () => api<{ tournament: Tournament }>('GET', '/api/tournament'),
  createTournament: (input: Partial<CreateTournament>) =>
    api<Saved<'tournament', Tournament>>('POST', '/api/tournament', input),
  updateTournament: (patch: UpdateTournament) =>
    api<Saved<'tournament', Tournament>>('PUT', '/api/tournament', patch),
  deleteTournament: () => api<{ success: true }>('DELETE', '/api/tournament'),
  /** Another tournament beside the others (API.md decision 73). */
  createAlongside: (input: Partial<CreateTournament>) =>
    api<Saved<'tournament', Tournament>>('POST', '/api/tournaments', input),
  /** The tournament the singular paths, and so the console, act on. */
  makePrimary: (id: number) => api<{ tournament: Tournament }>('POST', `/api/tournaments/${id}/primary`),
  /** Holds and releases new loads of the tournament (API.md decision 75). */
  pauseTournament: (id: number) => api<{ tournament: Tournament }>('POST', `/api/tournaments/${id}/pause`),
  resumeTournament: (id: number) => api<{ tournament: Tournament }>('POST', `/api/tournaments/${id}/resume`),
  /** The draw the start would make; nothing is stored (issue 31). */
  stuckLoads: () => api<{ loads: StuckLoad[] }>('GET', '/api/loads/stuck'),
  /** The attention queue (API.md decision 64). */
  attention: () => api<{ items: AttentionItem[] }>('GET', '/api/attention'),
  acknowledgeAttention: (id: number) => api<{ item: AttentionItem }>('POST', `/api/attention/${id}/ack`),
  previewStart: () => api<{ preview: StartPreview }>('POST', '/api/tournament/start', { dryRun: true }),
  /** Starts with the previewed draw; 409 `DRAW_CHANGED` when the teams changed since. */
  startTournament: (drawToken: string, force = false) =>
    api<Saved<'tournament', Tournament>>('POST', '/api/tournament/start', {
      drawToken,
      ...(force ? { force } : {}),
    }),
  /** Runs the checks before the start (API.md decision 57). */
  runPreflight: () => api<PreflightResult>('POST', '/api/preflight'),
  lastPreflight: () => api<{ preflight: PreflightResult | null }>('GET', '/api/preflight'),
  /** A test match on every free server (API.md decision 58); 409 `TEST_MATCHES_RUNNING` during a run. */
  startTestMatches: () => api<{ run: TestMatchRun }>('POST', '/api/servers/test-matches'),
  testMatches: () => api<{ run: TestMatchRun | null }>('GET', '/api/servers/test-matches'),
  resetTournament: () => api<{ tournament: Tournament }>('POST', '/api/tournament/reset'),
  withdrawTeam: (teamId: string, reason: string) =>
    api<{ tournament: Tournament; forfeited: string[] }>(
      'POST',
      `/api/tournament/teams/${encodeURIComponent(teamId)}/withdraw`,
      { reason },
    ),
  listTemplates: () => api<{ templates: Template[] }>('GET', '/api/templates'),
  createTemplate: (template: TemplateInput) =>
    api<{ template: Template }>('POST', '/api/templates', template),
  deleteTemplate: (templateId: number) => api<{ success: true }>('DELETE', `/api/templates/${templateId}`),

  connectInfo: () => api<ConnectInfo>('GET', '/api/connect'),

  bulkServerAction: (body: {
    serverIds: string[];
    action: string;
    message?: string;
    seconds?: number;
    round?: number;
  }) => api<{ success: boolean; results: BulkResult[] }>('POST', '/api/servers/actions', body),
  logs: (level: LogLevel) => api<{ entries: LogEntry[] }>('GET', `/api/logs?level=${level}`),
  recover: () => api<{ count: number; matches: RecoveredMatch[] }>('POST', '/api/recovery/recover'),

  matchControl: (slug: string, path: string, body: Record<string, unknown> = {}) =>
    api<{ match: Match }>('POST', `/api/matches/${id(slug)}/${path}`, body),
  /** The match's stored round backups, newest first (API.md decision 54). */
  matchBackups: (slug: string) =>
    api<{ backups: RoundBackupSummary[] }>('GET', `/api/matches/${id(slug)}/backups`),
  moveMatch: (slug: string, body: { serverId?: string; round?: number }) =>
    api<{ match: Match; to: string; round: number | null; mapNumber: number }>(
      'POST',
      `/api/matches/${id(slug)}/move`,
      body,
    ),
  matchEvents: (slug: string) => api<{ events: StoredEvent[] }>('GET', `/api/matches/${id(slug)}/events`),

  listSnapshots: () => api<z.infer<typeof snapshotListSchema>>('GET', '/api/backup/snapshots'),
  takeSnapshot: () => api<{ snapshot: Snapshot }>('POST', '/api/backup/snapshots'),
  restoreSnapshot: (name: string) => api<RestoreAnswer>('POST', `/api/backup/snapshots/${id(name)}/restore`),
  /** The file as the backup download gave it: SQLite, or a tar with the demos. */
  restoreBackup: (file: File) =>
    api<RestoreAnswer>(
      'POST',
      '/api/backup/restore',
      new Blob([file], {
        type: file.name.endsWith('.tar') ? 'application/x-tar' : 'application/vnd.sqlite3',
      }),
    ),

  settings: () => api<SettingsAnswer>('GET', '/api/settings'),
  updateSettings: (patch: SettingsPatch) => api<SettingsAnswer>('PUT', '/api/settings', patch),
  resetSimulationState: () =>
    api<z.infer<typeof simulationResetResponseSchema>>('POST', '/api/tournament/dev/reset-simulation-state'),

  correctResult: (slug: string, body: CorrectionBody) =>
    api<z.infer<typeof correctionResponseSchema>>('POST', `/api/matches/${id(slug)}/correction`, body),
  corrections: () => api<{ corrections: Correction[] }>('GET', '/api/tournament/corrections'),
};
