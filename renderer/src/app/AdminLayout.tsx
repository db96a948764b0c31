import { Link, NavLink, Outlet } from 'react-router';
import { Spinner } from '../components/Spinner.js';
import { useAdminSession } from '../hooks/console-data.js';
import { LanguageSwitcher } from '../components/LanguageSwitcher.js';
import { NavMenu } from '../components/NavMenu.js';
import { useT } from '../i18n/index.js';
import { errorText } from '../i18n/error-text.js';
import { AttentionBell } from '../features/attention/AttentionBell.js';

/**
 * Admin sections that exist; a section is listed here once it is built. Dev Tools (whose reset deletes every
 * match) are reached from the settings and tools pages, where simulation is allowed, not from the bar; the
 * attention list from the bell beside it, the preflight page from the dashboard's checks (the bar stays one
 * row on a laptop).
 */
const SECTIONS = [
  { path: '/admin', label: 'dashboard', end: true },
  { path: '/admin/tournament', label: 'tournament', end: false },
  { path: '/admin/teams', label: 'teams', end: false },
  { path: '/admin/players', label: 'players', end: false },
  { path: '/admin/maps', label: 'maps', end: false },
  { path: '/admin/webhooks', label: 'webhooks', end: false },
  { path: '/admin/matches', label: 'matches', end: false },
  { path: '/admin/check-in', label: 'checkIn', end: false },
  { path: '/admin/corrections', label: 'corrections', end: false },
  { path: '/admin/servers', label: 'servers', end: false },
  { path: '/admin/settings', label: 'settings', end: false },
  { path: '/admin/tools', label: 'tools', end: false },
  { path: '/admin/backup', label: 'backup', end: false },
] as const;

export function AdminLayout() {
  const admin = useAdminSession();
  const t = useT();

  return (
    <>
      <header className="topbar topbar-admin">
        <Link className="brand" to="/">
          {t('common.appName')}
        </Link>
        {/* Beside the name: the console's many sections wrap below it on a laptop. */}
        <LanguageSwitcher />
        {admin.status === 'admin' && <AttentionBell />}
        <NavMenu label={t('layout.adminNav')}>
          {SECTIONS.map((s) => (
            <NavLink key={s.path} to={s.path} end={s.end}>
              {t(`layout.admin.${s.label}`)}
            </NavLink>
          ))}
        </NavMenu>
      </header>
      {admin.status === 'loading' && (
        <main className="page">
          <Spinner />
        </main>
      )}
      {admin.status === 'error' && (
        <main className="page">
          <p className="panel" role="alert">
            {errorText(admin.error)}
          </p>
        </main>
      )}
      {admin.status === 'not-admin' && (
        <main className="page">
          <section className="panel">
            <h1>{t('layout.admin.signInNeeded')}</h1>
            <p>{t(admin.signedIn ? 'components.session.notAdmin' : 'components.session.notSignedIn')}</p>
            <p>
              <Link to="/signin">{t('layout.admin.howToSignIn')}</Link>
            </p>
          </section>
        </main>
      )}
      {admin.status === 'admin' && <Outlet />}
    </>
  );
}
