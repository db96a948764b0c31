// The admin console's pages, in one chunk that the router loads on the first visit to /admin, so the
// public pages that every LAN browser and the projector open stay small; its styles come with it.
import './admin.css';
import './admin-day.css';
import './admin-teams.css';
import './admin-control-room.css';

export { AdminLayout } from './AdminLayout.js';
export { DashboardPage } from '../features/dashboard/DashboardPage.js';
export { AttentionPage } from '../features/attention/AttentionPage.js';
export { MatchesPage } from '../features/matches/MatchesPage.js';
export { TeamsPage } from '../features/teams/TeamsPage.js';
export { TeamCodesPage } from '../features/teams/TeamCodesPage.js';
export { WebhooksPage } from '../features/webhooks/WebhooksPage.js';
export { ServersPage } from '../features/servers/ServersPage.js';
export { TournamentPage } from '../features/tournament/TournamentPage.js';
export { SettingsPage } from '../features/settings/SettingsPage.js';
export { BackupPage } from '../features/backup/BackupPage.js';
export { MatchWindowPage } from '../features/matches/MatchWindowPage.js';
export { CorrectionsPage } from '../features/matches/CorrectionsPage.js';
export { AdminCheckInPage } from '../features/check-in/AdminCheckInPage.js';
export { ToolsPage } from '../features/tools/ToolsPage.js';
export { PlayersPage } from '../features/players/PlayersPage.js';
export { MapsPage } from '../features/maps/MapsPage.js';
export { DevToolsPage } from '../features/dev-tools/DevToolsPage.js';
export { PreflightPage } from '../features/preflight/PreflightPage.js';
