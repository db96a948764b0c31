import { Link } from 'react-router';
import type { AttentionItem } from '../../../../shared/contracts/attention.js';
import type { Match } from '../../../../shared/contracts/matches.js';
import type { GameServer } from '../../../../shared/contracts/servers.js';
import { playersPresent, tileState } from '../../../../shared/domain/server-tile.js';
import { useMatchPhaseStart, useMatchPresence } from '../../hooks/console-data.js';
import { useMatchLabel } from '../../hooks/use-match-label.js';
import { useNow } from '../../hooks/use-now.js';
import { useT } from '../../i18n/index.js';

/** Kinds that stop play or keep a person waiting: the tile turns red. */
const URGENT = new Set<AttentionItem['kind']>(['call', 'decision', 'server_lost', 'no_show', 'stuck_load']);

/** "4:05" or "1:02:09": how long the phase has lasted. */
function duration(seconds: number): string {
  const s = Math.max(0, seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}

function Tile({
  server,
  match,
  expected,
  items,
}: {
  server: GameServer;
  match: Match | undefined;
  expected: number;
  items: readonly AttentionItem[];
}) {
  const t = useT();
  const label = useMatchLabel();
  const now = useNow();
  const slug = match?.slug ?? null;
  const phaseKey = match ? `${match.status}:${match.phase}:${match.currentMapNumber}` : '';
  const presence = useMatchPresence(slug, match?.matchid ?? null).data;
  const phaseStart = useMatchPhaseStart(slug, phaseKey, match?.loadedAt ?? null).data;
  const present = match && presence ? playersPresent(presence.players) : null;
  const urgent = items.filter((i) => URGENT.has(i.kind) && !i.acknowledged);
  const { phase, level } = tileState({
    enabled: server.enabled,
    blocked: server.availability.blocked !== null && server.availability.blockedReason !== 'disabled',
    failing: server.setup.error !== null || server.plugin.status === 'error',
    match: match ? { status: match.status, phase: match.phase } : null,
    present,
    expected,
    urgentItems: urgent.length,
    otherItems: items.length - urgent.length,
  });
  const map = match?.maps.find((m) => m.number === match.currentMapNumber)?.name ?? match?.mapPool[0];
  const warning = urgent[0] ?? items.find((i) => !i.acknowledged);
  const classes = `server-tile server-tile-${level === 'ok' ? (match ? (match.status === 'live' ? 'live' : 'waiting') : 'idle') : level}`;
  return (
    <li className={classes} data-testid={`server-tile-${server.id}`} data-level={level}>
      <div className="server-tile-head">
        <span>{server.name}</span>
        <span className="muted">{t(`dashboard.tiles.phase.${phase}`)}</span>
      </div>
      {match ? (
        <>
          <Link className="server-tile-teams" to={`/admin/matches/${encodeURIComponent(match.slug)}`}>
            {match.team1?.name ?? t('matches.tbd')} {t('dashboard.tiles.versus')}{' '}
            {match.team2?.name ?? t('matches.tbd')}
          </Link>
          <div className="muted">{label(match.label)}</div>
          <div className="server-tile-score" aria-label={t('dashboard.tiles.score')}>
            {match.team1MapScore}:{match.team2MapScore}
          </div>
          <div className="server-tile-facts">
            {map !== undefined && <span>{map}</span>}
            {match.format !== 'bo1' && (
              <span>
                {t('dashboard.tiles.series', {
                  team1: match.team1SeriesScore,
                  team2: match.team2SeriesScore,
                })}
              </span>
            )}
            <span data-testid="players-present">
              {t('dashboard.tiles.players', { present: present ?? '–', expected })}
            </span>
            {phaseStart != null && (
              <span>{t('dashboard.tiles.inPhase', { time: duration(now - phaseStart) })}</span>
            )}
          </div>
        </>
      ) : (
        <div className="server-tile-facts">
          {t(server.enabled ? 'dashboard.tiles.free' : 'dashboard.tiles.off')}
        </div>
      )}
      {warning && <div className="server-tile-warning">{t(`attention.kinds.${warning.kind}`)}</div>}
    </li>
  );
}

/** Every server as a tile, live: what it plays, how far, who is there, and whether something is wrong. */
export function ServerTiles({
  servers,
  matches,
  teamSize,
  items,
}: {
  servers: readonly GameServer[];
  matches: readonly Match[];
  teamSize: number;
  items: readonly AttentionItem[];
}) {
  const t = useT();
  if (servers.length === 0) {
    return (
      <p>
        {t('dashboard.tiles.none')} <Link to="/admin/servers">{t('dashboard.glance.servers')}</Link>
      </p>
    );
  }
  return (
    <ul className="server-tiles" aria-label={t('dashboard.tiles.title')}>
      {servers.map((server) => {
        const match = matches.find(
          (m) => m.serverId === server.id && (m.status === 'loaded' || m.status === 'live'),
        );
        const about = items.filter(
          (i) => i.serverId === server.id || (match !== undefined && i.matchSlug === match.slug),
        );
        return <Tile key={server.id} server={server} match={match} expected={teamSize * 2} items={about} />;
      })}
    </ul>
  );
}
