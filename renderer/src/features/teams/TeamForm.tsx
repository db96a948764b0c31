import { useId, useState, type FormEvent } from 'react';
import type { RosterPlayer, Team } from '../../../../shared/contracts/teams.js';
import { ApiError } from '../../api/client.js';
import { endpoints, type SavedTeam } from '../../api/endpoints.js';
import { useT } from '../../i18n/index.js';
import { errorText } from '../../i18n/error-text.js';

interface Props {
  /** The team to edit; a new team when absent. */
  team?: Team;
  onSaved(saved: SavedTeam): void;
  onCancel(): void;
}

/** A roster row, with the id it was saved under: a changed id under an unchanged name is a typo fixed. */
type RosterRow = RosterPlayer & { savedId?: string; savedName?: string };

const emptyPlayer = (): RosterRow => ({ platformId: '', name: '', role: 'player' });

/** Rows whose id changed while the name stayed: corrected ids, whose stats move with them (decision 63). */
const idFixes = (rows: readonly RosterRow[]) =>
  rows.flatMap((row, index) =>
    row.savedId &&
    row.platformId.trim() &&
    row.platformId.trim() !== row.savedId &&
    row.name.trim() === row.savedName
      ? [{ index, from: row.savedId, to: row.platformId.trim() }]
      : [],
  );

/** A refused id fix, its problems shown on the row's id field like the editor's own. */
async function fixId(teamId: string, fix: { index: number; from: string; to: string }): Promise<void> {
  try {
    await endpoints.fixPlayerId(teamId, fix.from, fix.to);
  } catch (err) {
    if (err instanceof ApiError) {
      const details = err.details.map((d) => ({ ...d, path: `players.${fix.index}.platformId` }));
      const onField =
        details.length > 0 ? details : [{ path: `players.${fix.index}.platformId`, message: err.message }];
      throw new ApiError(err.status, err.code, err.message, onField);
    }
    throw err;
  }
}

export function TeamForm({ team, onSaved, onCancel }: Props) {
  const formId = useId();
  const t = useT();
  const [name, setName] = useState(team?.name ?? '');
  const [tag, setTag] = useState(team?.tag ?? '');
  const [players, setPlayers] = useState<RosterRow[]>(
    team?.players.length
      ? team.players.map((p) => ({ ...p, savedId: p.platformId, savedName: p.name }))
      : [emptyPlayer()],
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const setPlayer = (index: number, patch: Partial<RosterRow>) =>
    setPlayers(players.map((p, i) => (i === index ? { ...p, ...patch } : p)));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setErrors({});
    setFormError(null);
    // Blank roster rows are left out rather than refused.
    const roster = players
      .map((p) => ({ platformId: p.platformId.trim(), name: p.name.trim(), role: p.role ?? 'player' }))
      .filter((p) => p.platformId || p.name);
    try {
      for (const fix of team ? idFixes(players) : []) {
        await fixId(team!.id, fix);
      }
      const saved = team
        ? await endpoints.updateTeam(team.id, { name, tag, players: roster })
        : await endpoints.createTeam({ name, tag, players: roster });
      onSaved(saved);
    } catch (err) {
      if (err instanceof ApiError && err.details.length > 0) {
        setErrors(Object.fromEntries(err.details.map((d) => [d.path, d.message])));
        setFormError(t('teams.form.checkFields'));
      } else {
        setFormError(errorText(err));
      }
    } finally {
      setSaving(false);
    }
  }

  const field = (path: string) => ({
    'aria-invalid': errors[path] ? ('true' as const) : undefined,
    'aria-describedby': errors[path] ? `${formId}-${path}` : undefined,
  });
  const fieldError = (path: string) => (
    <div className="field-error" id={`${formId}-${path}`}>
      {errors[path] ?? ''}
    </div>
  );

  const title = team ? t('teams.form.editTitle', { name: team.name }) : t('teams.form.newTitle');
  return (
    <form className="panel" onSubmit={submit} aria-label={title}>
      <h2>{title}</h2>
      <div className="form-grid">
        <div>
          <label htmlFor={`${formId}-name`}>{t('teams.form.name')}</label>
          <input
            id={`${formId}-name`}
            value={name}
            onChange={(e) => setName(e.target.value)}
            {...field('name')}
          />
          {fieldError('name')}
        </div>
        <div>
          <label htmlFor={`${formId}-tag`}>{t('teams.form.tag')}</label>
          <input
            id={`${formId}-tag`}
            value={tag}
            onChange={(e) => setTag(e.target.value)}
            {...field('tag')}
          />
          {fieldError('tag')}
        </div>
      </div>
      <h3>{t('teams.form.players')}</h3>
      <p className="muted">{t('teams.form.rosterHint')}</p>
      {players.map((player, i) => (
        <div className="roster-row" key={i}>
          <div>
            <label htmlFor={`${formId}-pid-${i}`}>{t('teams.form.platformId')}</label>
            <input
              id={`${formId}-pid-${i}`}
              inputMode="numeric"
              value={player.platformId}
              onChange={(e) => setPlayer(i, { platformId: e.target.value })}
              {...field(`players.${i}.platformId`)}
            />
            {fieldError(`players.${i}.platformId`)}
          </div>
          <div>
            <label htmlFor={`${formId}-pname-${i}`}>{t('teams.form.playerName')}</label>
            <input
              id={`${formId}-pname-${i}`}
              value={player.name}
              onChange={(e) => setPlayer(i, { name: e.target.value })}
              {...field(`players.${i}.name`)}
            />
            {fieldError(`players.${i}.name`)}
          </div>
          <div>
            <label className="inline-check">
              <input
                type="checkbox"
                checked={player.role === 'coach'}
                onChange={(e) => setPlayer(i, { role: e.target.checked ? 'coach' : 'player' })}
              />
              {t('teams.form.coach')}
            </label>
          </div>
          <div>
            <label aria-hidden="true">&nbsp;</label>
            <button
              type="button"
              aria-label={t('teams.form.removePlayer', { number: i + 1 })}
              onClick={() => setPlayers(players.filter((_, j) => j !== i))}
            >
              {t('teams.form.remove')}
            </button>
          </div>
        </div>
      ))}
      <button type="button" onClick={() => setPlayers([...players, emptyPlayer()])}>
        {t('teams.form.addPlayer')}
      </button>
      {formError && (
        <p className="field-error" role="alert">
          {formError}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="primary" disabled={saving}>
          {saving ? t('teams.form.saving') : team ? t('teams.form.saveChanges') : t('teams.form.create')}
        </button>
        <button type="button" onClick={onCancel} disabled={saving}>
          {t('teams.form.cancel')}
        </button>
      </div>
    </form>
  );
}
