import { useState } from 'react';
import { Link } from 'react-router';
import type { Team } from '../../../../shared/contracts/teams.js';
import { endpoints, type SavedTeam } from '../../api/endpoints.js';
import { useTeams } from '../../hooks/console-data.js';
import { Spinner } from '../../components/Spinner.js';
import { toast } from '../../stores/toasts.js';
import { copyWithToast } from '../../components/copy-text.js';
import { useT } from '../../i18n/index.js';
import { errorText } from '../../i18n/error-text.js';
import { TeamForm } from './TeamForm.js';
import { TeamImport } from './TeamImport.js';
import { TeamChanges } from './TeamChanges.js';

type Editing = { mode: 'closed' } | { mode: 'new' } | { mode: 'import' } | { mode: 'edit'; team: Team };

/** A team's sign-in code with a button that copies it. */
function JoinCode({ name, code }: { name: string; code: string }) {
  const t = useT();
  return (
    <span className="join-code">
      <code>{code}</code>
      <button
        type="button"
        aria-label={t('teams.admin.copyCodeOf', { name })}
        onClick={() => void copyWithToast(code, t('teams.admin.codeCopied', { name }))}
      >
        {t('teams.admin.copyCode')}
      </button>
    </span>
  );
}

export function TeamsPage() {
  const { data: teams, refresh } = useTeams();
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  const [confirmDelete, setConfirmDelete] = useState<string | null>(null);
  const [warnings, setWarnings] = useState<string[]>([]);
  const t = useT();

  const reload = () => void refresh();

  function saved({ team, warnings: saveWarnings }: SavedTeam) {
    toast('success', t('teams.admin.saved', { name: team.name }));
    for (const warning of saveWarnings) {
      toast('warning', warning);
    }
    setWarnings(saveWarnings);
    setEditing({ mode: 'closed' });
    reload();
  }

  async function remove(team: Team) {
    try {
      await endpoints.deleteTeam(team.id);
      toast('success', t('teams.admin.deleted', { name: team.name }));
      setConfirmDelete(null);
      reload();
    } catch (err) {
      toast('error', errorText(err));
    }
  }

  return (
    <main className="page">
      <h1>{t('teams.admin.title')}</h1>
      {warnings.length > 0 && (
        <section className="panel banner-warning" aria-label={t('teams.admin.warnings')}>
          {warnings.map((w) => (
            <p key={w}>{w}</p>
          ))}
        </section>
      )}
      {editing.mode === 'closed' ? (
        <div className="actions">
          <button type="button" className="primary" onClick={() => setEditing({ mode: 'new' })}>
            {t('teams.admin.newTeam')}
          </button>
          <button type="button" onClick={() => setEditing({ mode: 'import' })}>
            {t('teams.admin.importFromFile')}
          </button>
          <Link className="button" to="/admin/teams/codes">
            {t('teams.admin.printCodes')}
          </Link>
        </div>
      ) : editing.mode === 'import' ? (
        <TeamImport
          onDone={(result) => {
            // Done like a saved team: the panel closes, the toast tells the result, the list shows the teams.
            setWarnings(result.warnings);
            setEditing({ mode: 'closed' });
            reload();
          }}
          onCancel={() => setEditing({ mode: 'closed' })}
        />
      ) : (
        <TeamForm
          key={editing.mode === 'edit' ? editing.team.id : 'new'}
          team={editing.mode === 'edit' ? editing.team : undefined}
          onSaved={saved}
          onCancel={() => setEditing({ mode: 'closed' })}
        />
      )}
      {editing.mode === 'edit' && (
        <TeamChanges
          teamId={editing.team.id}
          names={new Map(editing.team.players.map((p) => [p.platformId, p.name]))}
        />
      )}
      <section className="panel table-wrap">
        {teams === undefined ? (
          <Spinner label={t('teams.admin.loading')} />
        ) : teams.length === 0 ? (
          <p className="muted">{t('teams.admin.noTeams')}</p>
        ) : (
          <table className="teams-table">
            <thead>
              <tr>
                <th>{t('teams.admin.column.name')}</th>
                <th>{t('teams.admin.column.tag')}</th>
                <th>{t('teams.admin.column.players')}</th>
                <th>{t('teams.admin.column.code')}</th>
                <th aria-label={t('teams.admin.column.actions')} />
              </tr>
            </thead>
            <tbody>
              {teams.map((team) => (
                <tr key={team.id}>
                  <td>{team.name}</td>
                  <td>{team.tag}</td>
                  <td>{team.players.length}</td>
                  <td>{team.joinCode && <JoinCode name={team.name} code={team.joinCode} />}</td>
                  <td>
                    <div className="actions" style={{ marginTop: 0 }}>
                      <button type="button" onClick={() => setEditing({ mode: 'edit', team })}>
                        {t('teams.admin.edit')}
                      </button>
                      {confirmDelete === team.id ? (
                        <>
                          <button type="button" className="danger" onClick={() => void remove(team)}>
                            {t('teams.admin.confirmDelete')}
                          </button>
                          <button type="button" onClick={() => setConfirmDelete(null)}>
                            {t('teams.admin.keep')}
                          </button>
                        </>
                      ) : (
                        <button type="button" className="danger" onClick={() => setConfirmDelete(team.id)}>
                          {t('teams.admin.delete')}
                        </button>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </main>
  );
}
