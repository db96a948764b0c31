import { Link } from 'react-router';
import { Trans } from 'react-i18next';
import { SEEDING_MODES } from '../../../../shared/contracts/tournament.js';
import { useT } from '../../i18n/index.js';
import type { Draft } from './draft.js';
import { SeedList } from './SeedList.js';

interface Props {
  formId: string;
  draft: Draft;
  teams: { id: string; name: string }[];
  disabled: boolean;
  onChange(draft: Draft): void;
}

/** The tournament's teams and how they are seeded; a shuffle draws its teams instead. */
export function TeamsFields({ formId, draft, teams, disabled, onChange }: Props) {
  const t = useT();
  if (draft.type === 'shuffle') {
    return (
      <p className="muted">
        {t('tournament.teams.shuffle', { path: 'POST /api/tournament/shuffle/players' })}
      </p>
    );
  }
  const nameOf = (id: string) => teams.find((team) => team.id === id)?.name ?? id;
  const unseeded = teams.filter((team) => !draft.teamIds.includes(team.id));
  const manual = draft.settings.seeding === 'manual';
  return (
    <fieldset disabled={disabled}>
      <legend>{t('tournament.teams.legend')}</legend>
      <div
        role="radiogroup"
        aria-label={t('tournament.teams.seeding')}
        className="actions"
        style={{ marginTop: 0 }}
      >
        {SEEDING_MODES.map((mode) => (
          <label key={mode} className="check">
            <input
              type="radio"
              name={`${formId}-seeding`}
              checked={draft.settings.seeding === mode}
              onChange={() => onChange({ ...draft, settings: { ...draft.settings, seeding: mode } })}
            />
            {t(`tournament.seeding.${mode}`)}
          </label>
        ))}
      </div>
      <p className="muted">
        {manual
          ? t('tournament.teams.countManual', { count: draft.teamIds.length })
          : t('tournament.teams.count', { count: draft.teamIds.length })}
      </p>
      {teams.length === 0 && (
        <p className="banner-warning">
          <Trans i18nKey="tournament.teams.noneExist" components={{ teams: <Link to="/admin/teams" /> }} />
        </p>
      )}
      <SeedList
        ids={draft.teamIds}
        nameOf={nameOf}
        reorderable={manual}
        disabled={disabled}
        onChange={(teamIds) => onChange({ ...draft, teamIds })}
      />
      {unseeded.length > 0 && (
        <div className="actions">
          <button
            type="button"
            onClick={() =>
              onChange({ ...draft, teamIds: [...draft.teamIds, ...unseeded.map((team) => team.id)] })
            }
          >
            {t('tournament.teams.addAll', { count: unseeded.length })}
          </button>
          {unseeded.map((team) => (
            <button
              key={team.id}
              type="button"
              onClick={() => onChange({ ...draft, teamIds: [...draft.teamIds, team.id] })}
            >
              + {team.name}
            </button>
          ))}
        </div>
      )}
    </fieldset>
  );
}
