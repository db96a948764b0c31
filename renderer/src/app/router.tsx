import { createBrowserRouter, Outlet } from 'react-router';
import { Toasts } from '../components/Toasts.js';
import { TeamsPage } from '../features/teams/TeamsPage.js';
import { AdminLayout } from '../pages/admin/AdminLayout.js';
import { DashboardPage } from '../pages/admin/DashboardPage.js';
import { HomePage } from '../pages/public/HomePage.js';
import { NotFoundPage } from '../pages/public/NotFoundPage.js';
import { SignInPage } from '../pages/public/SignInPage.js';

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
      { path: '/', element: <HomePage /> },
      { path: '/signin', element: <SignInPage /> },
      {
        path: '/admin',
        element: <AdminLayout />,
        children: [
          { index: true, element: <DashboardPage /> },
          { path: 'teams', element: <TeamsPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
