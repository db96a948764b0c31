import { Link, NavLink, Outlet } from 'react-router';
import { LiveBadge } from '../features/live/LiveBadge.js';
import { useMe } from '../hooks/public-data.js';
import { useLiveData } from '../stores/live.js';
import { LanguageSwitcher } from '../components/LanguageSwitcher.js';
import { NavMenu } from '../components/NavMenu.js';
import { useT } from '../i18n/index.js';
import { useTournamentLink } from '../hooks/use-tournament-link.js';

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
  const link = useTournamentLink();
  return (
    <>
      <header className="topbar">
        <Link className="brand" to={link('/')}>
          {tournament?.name ?? t('common.appName')}
        </Link>
        <LiveBadge />
        <NavMenu label={t('layout.publicNav')}>
          {LINKS.map((l) => (
            <NavLink key={l.to} to={link(l.to)} end={l.end}>
              {t(`layout.nav.${l.label}`)}
            </NavLink>
          ))}
          {tournament?.type === 'groups_playoffs' && (
            <NavLink to={link('/groups')}>{t('layout.nav.groups')}</NavLink>
          )}
          {me?.authenticated && me.role === 'player' ? (
            <NavLink to={link('/me')}>{t('layout.nav.me')}</NavLink>
          ) : me && !me.authenticated ? (
            <NavLink to={link('/signin')}>{t('layout.nav.signIn')}</NavLink>
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
