import type { Match } from '../../../../shared/contracts/matches.js';
import { useMatchSpectate } from '../../hooks/public-data.js';
import { useSession } from '../../stores/session.js';
import { useT } from '../../i18n/index.js';
import { HudCopyButton } from './HudCopyButton.js';

/**
 * For a signed-in caster (or an admin) while the match is on its server: how to join it as spectator
 * and its GOTV, and for an admin the match for the casters' HUD manager. The API refuses everyone else,
 * and then nothing shows.
 */
export function SpectateBlock({ match }: { match: Match }) {
  const me = useSession((s) => s.me);
  const t = useT();
  const onServer = match.status === 'loaded' || match.status === 'live';
  const { data } = useMatchSpectate(onServer && me?.authenticated ? match.slug : null, match.serverId);
  if (!onServer || !data || (!data.connect && !data.gotv)) {
    return null;
  }
  const { connect, gotv } = data;
  return (
    <section className="panel" aria-label={t('matches.spectate.title')}>
      <h2>{t('matches.spectate.title')}</h2>
      {connect && (
        <>
          <p className="muted">{t('matches.spectate.joinAsCaster')}</p>
          <code className="connect-line">{connect.console}</code>{' '}
          <a href={connect.platform_url}>{t('matches.spectate.openInGame')}</a>
        </>
      )}
      {gotv && (
        <>
          <p className="muted">{t('matches.spectate.gotv')}</p>
          <code className="connect-line" data-testid="gotv-line">
            connect {gotv.host}:{gotv.port}
            {gotv.password ? `; password ${gotv.password}` : ''}
          </code>
        </>
      )}
      {/* The HUD hand-off is for readers of the admin API (decision 81): admins here. */}
      {me?.role === 'admin' && <HudCopyButton slug={match.slug} />}
    </section>
  );
}
