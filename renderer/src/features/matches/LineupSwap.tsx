import { useState } from 'react';
import type { Match } from '../../../../shared/contracts/matches.js';
import { endpoints, type TeamLineup } from '../../api/endpoints.js';
import { Spinner } from '../../components/Spinner.js';
import { useAction } from '../../components/use-action.js';
import { useMatchLineups } from '../../hooks/lineup-data.js';
import { useT } from '../../i18n/index.js';
import { toast } from '../../stores/toasts.js';

/** One team's swap: who leaves, who comes in; the plugin adds him so he joins without a reload. */
function TeamSwap({ slug, lineup, onSwapped }: { slug: string; lineup: TeamLineup; onSwapped(): void }) {
  const t = useT();
  const { busy, run } = useAction();
  const [out, setOut] = useState(lineup.players[0]?.platformId ?? '');
  const [incoming, setIncoming] = useState(lineup.substitutes[0]?.platformId ?? '');
  async function swap() {
    const result = await run(() => endpoints.swapLineup(slug, lineup.teamId, out, incoming));
    if (result) {
      if (result.plugin.told) {
        toast('success', t('matches.lineup.swapped'));
        if (result.plugin.warning) {
          toast('warning', t('matches.lineup.stillListed'));
        }
      } else {
        toast('warning', t('matches.lineup.pluginRefused', { reply: result.plugin.reply }));
      }
      onSwapped();
    }
  }
  return (
    <div className="control">
      <label>
        {t('matches.lineup.out')}
        <select value={out} onChange={(e) => setOut(e.target.value)}>
          {lineup.players.map((p) => (
            <option key={p.platformId} value={p.platformId}>
              {p.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('matches.lineup.in')}
        <select value={incoming} onChange={(e) => setIncoming(e.target.value)}>
          {lineup.substitutes.map((p) => (
            <option key={p.platformId} value={p.platformId}>
              {p.name}
            </option>
          ))}
        </select>
      </label>
      <div className="actions">
        <button type="button" disabled={busy || !out || !incoming} onClick={() => void swap()}>
          {t('matches.lineup.swap')}
        </button>
      </div>
    </div>
  );
}

/** The match window's lineups (API.md decisions 62-63): who plays, and a swap while it is on a server. */
export function LineupSwap({ match }: { match: Match }) {
  const t = useT();
  const { data, refresh } = useMatchLineups(match.slug, match.status);
  if (data === undefined) {
    return <Spinner />;
  }
  const onServer = match.status === 'loaded' || match.status === 'live';
  return (
    <div className="card-grid">
      {data.map((lineup) => (
        <div key={lineup.teamId}>
          <h3>{lineup.teamName}</h3>
          <p>{lineup.players.map((p) => p.name).join(', ')}</p>
          {lineup.substitutes.length > 0 && (
            <p className="muted">
              {t('matches.lineup.substitutes', { names: lineup.substitutes.map((p) => p.name).join(', ') })}
            </p>
          )}
          {lineup.coach && <p className="muted">{t('matches.lineup.coach', { name: lineup.coach.name })}</p>}
          {onServer && lineup.substitutes.length > 0 && (
            <TeamSwap slug={match.slug} lineup={lineup} onSwapped={() => void refresh()} />
          )}
        </div>
      ))}
    </div>
  );
}
