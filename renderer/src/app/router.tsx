import { createBrowserRouter, Outlet } from 'react-router';
import type * as ConsolePages from './admin-console.js';
import { Toasts } from '../components/Toasts.js';
import { BracketPage } from '../features/bracket/BracketPage.js';
import { CheckInPage } from '../features/check-in/CheckInPage.js';
import { GroupsPage } from '../features/bracket/GroupsPage.js';
import { HomePage } from '../features/home/HomePage.js';
import { MatchPage } from '../features/matches/MatchPage.js';
import { MePage } from '../features/me/MePage.js';
import { NotFoundPage } from '../features/home/NotFoundPage.js';
import { PlayerPage } from '../features/players/PlayerPage.js';
import { PublicLayout } from './PublicLayout.js';
import { ScreenPage } from '../features/screen/ScreenPage.js';
import { StagePage } from '../features/stage/StagePage.js';
import { SignInPage } from '../features/sign-in/SignInPage.js';
import { StandingsPage } from '../features/bracket/StandingsPage.js';
import { StatsPage } from '../features/stats/StatsPage.js';
import { TeamPage } from '../features/teams/TeamPage.js';
import { VetoPage } from '../features/veto/VetoPage.js';

/** A route component from the lazily loaded admin console chunk. */
const adminPage = (name: keyof typeof ConsolePages) => async () => ({
  Component: (await import('./admin-console.js'))[name],
});

function Root() {
  return (
    <>
      <Outlet />
      <Toasts />
    </>
  );
}

/** A route component from the stream overlay's own chunk (it brings its own stylesheet). */
const overlayPage = (name: 'MatchOverlayPage' | 'ServerOverlayPage') => async () => ({
  Component: (await import('../features/overlay/OverlayPages.js'))[name],
});

/** The printable pages' own chunk (it brings print.css, kept apart from the public sheet). */
const printPage =
  (name: 'PrintBracketPage' | 'PrintGroupsPage' | 'PrintSchedulePage' | 'PrintFlyerPage') => async () => ({
    Component: (await import('../features/print/PrintPages.js'))[name],
  });

/** The paths of API.md "Web app paths"; sections appear here as they are built. */
export const router = createBrowserRouter([
  {
    element: <Root />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: '/', element: <HomePage /> },
          { path: '/bracket', element: <BracketPage /> },
          { path: '/groups', element: <GroupsPage /> },
          { path: '/check-in', element: <CheckInPage /> },
          { path: '/standings', element: <StandingsPage kind="standings" /> },
          { path: '/leaderboard', element: <StandingsPage kind="leaderboard" /> },
          { path: '/matches/:slug', element: <MatchPage /> },
          { path: '/teams/:teamId', element: <TeamPage /> },
          { path: '/players/:platformId', element: <PlayerPage /> },
          { path: '/veto/:slug', element: <VetoPage /> },
          { path: '/me', element: <MePage /> },
          { path: '/stats', element: <StatsPage /> },
          { path: '/stage', element: <StagePage /> },
          // In the public bar: a player's phone picks its language here before signing in.
          { path: '/signin', element: <SignInPage /> },
        ],
      },
      { path: '/screen', element: <ScreenPage /> },
      { path: '/overlay/match/:slug', lazy: overlayPage('MatchOverlayPage') },
      { path: '/overlay/server/:serverId', lazy: overlayPage('ServerOverlayPage') },
      { path: '/print/bracket', lazy: printPage('PrintBracketPage') },
      { path: '/print/groups', lazy: printPage('PrintGroupsPage') },
      { path: '/print/schedule', lazy: printPage('PrintSchedulePage') },
      { path: '/print/flyer', lazy: printPage('PrintFlyerPage') },
      {
        path: '/admin',
        lazy: adminPage('AdminLayout'),
        children: [
          { index: true, lazy: adminPage('DashboardPage') },
          { path: 'dashboard', lazy: adminPage('DashboardPage') },
          { path: 'attention', lazy: adminPage('AttentionPage') },
          { path: 'teams', lazy: adminPage('TeamsPage') },
          { path: 'teams/codes', lazy: adminPage('TeamCodesPage') },
          { path: 'players', lazy: adminPage('PlayersPage') },
          { path: 'maps', lazy: adminPage('MapsPage') },
          { path: 'webhooks', lazy: adminPage('WebhooksPage') },
          { path: 'matches', lazy: adminPage('MatchesPage') },
          { path: 'matches/:slug', lazy: adminPage('MatchWindowPage') },
          { path: 'corrections', lazy: adminPage('CorrectionsPage') },
          { path: 'check-in', lazy: adminPage('AdminCheckInPage') },
          { path: 'servers', lazy: adminPage('ServersPage') },
          { path: 'preflight', lazy: adminPage('PreflightPage') },
          { path: 'tournament', lazy: adminPage('TournamentPage') },
          { path: 'settings', lazy: adminPage('SettingsPage') },
          { path: 'backup', lazy: adminPage('BackupPage') },
          { path: 'tools', lazy: adminPage('ToolsPage') },
          { path: 'dev-tools', lazy: adminPage('DevToolsPage') },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
