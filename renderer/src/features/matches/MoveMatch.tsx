import { useState } from 'react';
import type { Match } from '../../../../shared/contracts/matches.js';
import { admin } from '../../api/admin.js';
import { ConfirmButton } from '../../components/ConfirmButton.js';
import { useAction } from '../../components/use-action.js';
import { useMatchBackups } from '../../hooks/console-data.js';
import { useT } from '../../i18n/index.js';
import { useAdminLiveData } from '../../stores/admin-live.js';

/** Whether the match holds a server it can be moved from (API.md decision 55). */
export const movable = (match: Match) =>
  match.serverId !== null && (match.status === 'loaded' || match.status === 'live');

/**
 * "Move to…": another server (the first free one unless chosen) and the round of the current map to go
 * on from (its newest backup unless chosen).
 */
export function MoveMatch({ match }: { match: Match }) {
  const t = useT();
  const { busy, run } = useAction();
  const { servers } = useAdminLiveData();
  const backups = useMatchBackups(match.slug, match).data ?? [];
  const mapNumber = match.currentMapNumber ?? 0;
  const ofMap = backups.filter((b) => b.mapNumber === mapNumber);
  const [serverId, setServerId] = useState('');
  const [round, setRound] = useState('');
  const free = (servers ?? []).filter((s) => s.availability.free && s.id !== match.serverId);
  const move = () =>
    run(
      () =>
        admin.moveMatch(match.slug, {
          ...(serverId ? { serverId } : {}),
          ...(round ? { round: Number(round) } : {}),
        }),
      (answer) =>
        answer.round === null
          ? t('matches.move.movedFromStart', { server: answer.to, map: answer.mapNumber + 1 })
          : t('matches.move.moved', { server: answer.to, round: answer.round + 1 }),
      `move:${match.slug}`,
    );
  return (
    <div className="control move-match">
      <label htmlFor="move-server">{t('matches.move.server')}</label>
      <select id="move-server" value={serverId} onChange={(e) => setServerId(e.target.value)}>
        <option value="">{t('matches.move.firstFree', { count: free.length })}</option>
        {free.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </select>
      <label htmlFor="move-round">{t('matches.move.round', { map: mapNumber + 1 })}</label>
      <select id="move-round" value={round} onChange={(e) => setRound(e.target.value)}>
        <option value="">
          {ofMap[0] ? t('matches.move.newest', { round: ofMap[0].round + 1 }) : t('matches.move.noBackup')}
        </option>
        {ofMap.map((b) => (
          <option key={b.round} value={String(b.round)}>
            {t('matches.move.roundOption', {
              round: b.round + 1,
              team1: b.team1Score,
              team2: b.team2Score,
            })}
          </option>
        ))}
      </select>
      <ConfirmButton
        label={t('matches.move.label')}
        confirmLabel={t('matches.move.confirm')}
        busy={busy}
        onConfirm={() => void move()}
      />
    </div>
  );
}
