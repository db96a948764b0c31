import { useState } from 'react';
import type { Team } from '../../../../shared/contracts/teams.js';
import type { Tournament } from '../../../../shared/contracts/tournament.js';
import { admin } from '../../api/admin.js';
import { ConfirmButton } from '../../components/ConfirmButton.js';
import { useAction } from '../../components/use-action.js';
import { useT } from '../../i18n/index.js';

/**
 * A team leaves the running tournament (API.md decision 61): it loses its open matches and every
 * later one by walkover. Undo: correct one of those results so the team wins.
 */
export function WithdrawPanel({ tournament, teams }: { tournament: Tournament; teams: readonly Team[] }) {
  const t = useT();
  const { busy, run } = useAction();
  const gone = new Set([...tournament.droppedTeamIds, ...tournament.withdrawn.map((w) => w.teamId)]);
  const playing = tournament.teamIds.filter((id) => !gone.has(id));
  const nameOf = (id: string) => teams.find((team) => team.id === id)?.name ?? id;
  const [teamId, setTeamId] = useState('');
  const [reason, setReason] = useState('');
  const chosen = playing.includes(teamId) ? teamId : '';
  const withdraw = async () => {
    const done = await run(
      () => admin.withdrawTeam(chosen, reason.trim()),
      (answer) => t('tournament.withdraw.done', { team: nameOf(chosen), count: answer.forfeited.length }),
      `withdraw:${chosen}`,
    );
    if (done) {
      setReason('');
      setTeamId('');
    }
  };
  return (
    <section className="panel" aria-labelledby="withdraw-title">
      <h2 id="withdraw-title">{t('tournament.withdraw.title')}</h2>
      <p className="muted">{t('tournament.withdraw.explain')}</p>
      {tournament.withdrawn.length > 0 && (
        <ul aria-label={t('tournament.withdraw.listLabel')}>
          {tournament.withdrawn.map((w) => (
            <li key={w.teamId}>
              {t('tournament.withdraw.entry', { team: nameOf(w.teamId), reason: w.reason })}
            </li>
          ))}
        </ul>
      )}
      <div className="control forfeit-form">
        <label htmlFor="withdraw-team">{t('tournament.withdraw.team')}</label>
        <select id="withdraw-team" value={chosen} onChange={(e) => setTeamId(e.target.value)}>
          <option value="">{t('tournament.withdraw.chooseTeam')}</option>
          {playing.map((id) => (
            <option key={id} value={id}>
              {nameOf(id)}
            </option>
          ))}
        </select>
        <label htmlFor="withdraw-reason">{t('tournament.withdraw.reason')}</label>
        <input
          id="withdraw-reason"
          type="text"
          maxLength={200}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
        <ConfirmButton
          label={t('tournament.withdraw.button')}
          confirmLabel={t('tournament.withdraw.confirm', { team: chosen ? nameOf(chosen) : '' })}
          busy={busy}
          disabled={chosen === '' || reason.trim() === ''}
          onConfirm={() => void withdraw()}
        />
      </div>
    </section>
  );
}
