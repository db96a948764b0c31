import { Link, NavLink, Outlet } from 'react-router';
import { LiveBadge } from '../features/live/LiveBadge.js';
import { useMe } from '../hooks/public-data.js';
import { useLiveData } from '../stores/live.js';

const LINKS = [
  { to: '/', label: 'Home', end: true },
  { to: '/bracket', label: 'Bracket', end: false },
  { to: '/standings', label: 'Standings', end: false },
  { to: '/leaderboard', label: 'Leaderboard', end: false },
  { to: '/stats', label: 'Stats', end: false },
];

/** The players' pages: a bar with the tournament's name, the live stream kept open underneath. */
export function PublicLayout() {
  const { tournament, loadError } = useLiveData();
  const me = useMe();
  return (
    <>
      <header className="topbar">
        <Link className="brand" to="/">
          {tournament?.name ?? 'Matchday'}
        </Link>
        <LiveBadge />
        <nav className="nav" aria-label="Tournament pages">
          {LINKS.map((l) => (
            <NavLink key={l.to} to={l.to} end={l.end}>
              {l.label}
            </NavLink>
          ))}
          {tournament?.type === 'groups_playoffs' && <NavLink to="/groups">Groups</NavLink>}
          {me?.authenticated && me.role === 'player' ? (
            <NavLink to="/me">My match</NavLink>
          ) : me && !me.authenticated ? (
            <NavLink to="/signin">Sign in</NavLink>
          ) : null}
        </nav>
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
