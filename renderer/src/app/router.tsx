import { createBrowserRouter, Outlet } from 'react-router';
import { Toasts } from '../components/Toasts.js';
import { TeamsPage } from '../features/teams/TeamsPage.js';
import { WebhooksPage } from '../features/webhooks/WebhooksPage.js';
import { AdminLayout } from '../pages/admin/AdminLayout.js';
import { DashboardPage } from '../pages/admin/DashboardPage.js';
import { MatchesPage } from '../pages/admin/MatchesPage.js';
import { BracketPage } from '../pages/public/BracketPage.js';
import { HomePage } from '../pages/public/HomePage.js';
import { MatchPage } from '../pages/public/MatchPage.js';
import { NotFoundPage } from '../pages/public/NotFoundPage.js';
import { PlayerPage } from '../pages/public/PlayerPage.js';
import { PublicLayout } from '../pages/public/PublicLayout.js';
import { ScreenPage } from '../pages/public/ScreenPage.js';
import { SignInPage } from '../pages/public/SignInPage.js';
import { StandingsPage } from '../pages/public/StandingsPage.js';
import { TeamPage } from '../pages/public/TeamPage.js';

function Root() {
  return (
    <>
      <Outlet />
      <Toasts />
    </>
  );
}

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
          { path: '/standings', element: <StandingsPage title="Standings" /> },
          { path: '/leaderboard', element: <StandingsPage title="Leaderboard" /> },
          { path: '/matches/:slug', element: <MatchPage /> },
          { path: '/teams/:teamId', element: <TeamPage /> },
          { path: '/players/:platformId', element: <PlayerPage /> },
        ],
      },
      { path: '/screen', element: <ScreenPage /> },
      { path: '/signin', element: <SignInPage /> },
      {
        path: '/admin',
        element: <AdminLayout />,
        children: [
          { index: true, element: <DashboardPage /> },
          { path: 'teams', element: <TeamsPage /> },
          { path: 'webhooks', element: <WebhooksPage /> },
          { path: 'matches', element: <MatchesPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
