import { Link, NavLink, Outlet } from 'react-router';
import { LiveBadge } from '../features/live/LiveBadge.js';
import { useMe } from '../hooks/public-data.js';
import { useLiveData } from '../stores/live.js';
import { LanguageSwitcher } from '../components/LanguageSwitcher.js';
import { NavMenu } from '../components/NavMenu.js';
import { useT } from '../i18n/index.js';

const LINKS = [
  { to: '/', label: 'home', end: true },
  { to: '/bracket', label: 'bracket', end: false },
  { to: '/standings', label: 'standings', end: false },
  { to: '/leaderboard', label: 'leaderboard', end: false },
  { to: '/stats', label: 'stats', end: false },
] as const;

/** The players' pages: a bar with the tournament's name, the live stream kept open underneath. */
export function PublicLayout() {
  const { tournament, loadError } = useLiveData();
  const me = useMe();
  const t = useT();
  return (
    <>
      <header className="topbar">
        <Link className="brand" to="/">
          {tournament?.name ?? t('common.appName')}
        </Link>
        <LiveBadge />
        <NavMenu label={t('layout.publicNav')}>
          {LINKS.map((l) => (
            <NavLink key={l.to} to={l.to} end={l.end}>
              {t(`layout.nav.${l.label}`)}
            </NavLink>
          ))}
          {tournament?.type === 'groups_playoffs' && <NavLink to="/groups">{t('layout.nav.groups')}</NavLink>}
          {me?.authenticated && me.role === 'player' ? (
            <NavLink to="/me">{t('layout.nav.me')}</NavLink>
          ) : me && !me.authenticated ? (
            <NavLink to="/signin">{t('layout.nav.signIn')}</NavLink>
          ) : null}
        </NavMenu>
        <LanguageSwitcher />
      </header>
      {loadError && (
        <p className="page-alert" role="alert">
          {loadError}
        </p>
      )}
      <Outlet />
    </>
  );
}
