import { Link, NavLink, Outlet } from 'react-router';
import { Spinner } from '../components/Spinner.js';
import { useAdminSession, useSimulationPolicy } from '../hooks/console-data.js';

/** Admin sections that exist; a section is listed here once it is built. */
const SECTIONS = [
  { path: '/admin', label: 'Dashboard', end: true },
  { path: '/admin/tournament', label: 'Tournament', end: false },
  { path: '/admin/teams', label: 'Teams', end: false },
  { path: '/admin/players', label: 'Players', end: false },
  { path: '/admin/maps', label: 'Maps', end: false },
  { path: '/admin/webhooks', label: 'Webhooks', end: false },
  { path: '/admin/matches', label: 'Matches', end: false },
  { path: '/admin/check-in', label: 'Check-in', end: false },
  { path: '/admin/corrections', label: 'Corrections', end: false },
  { path: '/admin/servers', label: 'Servers', end: false },
  { path: '/admin/settings', label: 'Settings', end: false },
  { path: '/admin/tools', label: 'Tools', end: false },
  { path: '/admin/backup', label: 'Backup', end: false },
];

/** Shown where simulation is allowed: a local build, or production with PLUGIN_ENABLE_SIMULATION_IN_PROD. */
const DEV_TOOLS = { path: '/admin/dev-tools', label: 'Dev Tools', end: false };

export function AdminLayout() {
  const admin = useAdminSession();
  const policy = useSimulationPolicy(admin.status === 'admin');
  const sections = policy.data?.simulation.allowed ? [...SECTIONS, DEV_TOOLS] : SECTIONS;

  return (
    <>
      <header className="topbar">
        <Link className="brand" to="/">
          Matchday
        </Link>
        <nav className="nav" aria-label="Admin sections">
          {sections.map((s) => (
            <NavLink key={s.path} to={s.path} end={s.end}>
              {s.label}
            </NavLink>
          ))}
        </nav>
      </header>
      {admin.status === 'loading' && (
        <main className="page">
          <Spinner />
        </main>
      )}
      {admin.status === 'error' && (
        <main className="page">
          <p className="panel" role="alert">
            {admin.message}
          </p>
        </main>
      )}
      {admin.status === 'not-admin' && (
        <main className="page">
          <section className="panel">
            <h1>Admin sign-in needed</h1>
            <p>{admin.reason}</p>
            <p>
              <Link to="/signin">How to sign in as admin</Link>
            </p>
          </section>
        </main>
      )}
      {admin.status === 'admin' && <Outlet />}
    </>
  );
}
