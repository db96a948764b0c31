import { useState } from 'react';
import type { Team } from '../../../../shared/contracts/teams.js';
import { endpoints, type SavedTeam } from '../../api/endpoints.js';
import { useTeams } from '../../hooks/console-data.js';
import { Spinner } from '../../components/Spinner.js';
import { toast } from '../../stores/toasts.js';
import type { BatchResult } from '../../api/admin.js';
import { TeamForm } from './TeamForm.js';
import { TeamImport } from './TeamImport.js';

type Editing = { mode: 'closed' } | { mode: 'new' } | { mode: 'import' } | { mode: 'edit'; team: Team };

/** The two-team warnings of every team an import created. */
const importWarnings = (result: BatchResult<unknown>) => [
  ...new Set(result.successful.flatMap((item) => (item as SavedTeam).warnings)),
];

export function TeamsPage() {
  const { data: teams, refresh } = useTeams();
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  const [confirmDelete, setConfirmDelete] = useState<string | null>(null);
  const [warnings, setWarnings] = useState<string[]>([]);

  const reload = () => void refresh();

  function saved({ team, warnings: saveWarnings }: SavedTeam) {
    toast('success', `Team ${team.name} saved.`);
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
      toast('success', `Team ${team.name} deleted.`);
      setConfirmDelete(null);
      reload();
    } catch (err) {
      toast('error', (err as Error).message);
    }
  }

  return (
    <main className="page">
      <h1>Teams</h1>
      {warnings.length > 0 && (
        <section className="panel banner-warning" aria-label="Warnings">
          {warnings.map((w) => (
            <p key={w}>{w}</p>
          ))}
        </section>
      )}
      {editing.mode === 'closed' ? (
        <div className="actions">
          <button type="button" className="primary" onClick={() => setEditing({ mode: 'new' })}>
            New team
          </button>
          <button type="button" onClick={() => setEditing({ mode: 'import' })}>
            Import from file
          </button>
        </div>
      ) : editing.mode === 'import' ? (
        <TeamImport
          onDone={(result) => {
            setWarnings(importWarnings(result));
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
      <section className="panel table-wrap">
        {teams === undefined ? (
          <Spinner label="Loading teams…" />
        ) : teams.length === 0 ? (
          <p className="muted">No teams yet. Create the first one.</p>
        ) : (
          <table className="teams-table">
            <thead>
              <tr>
                <th>Name</th>
                <th>Tag</th>
                <th>Players</th>
                <th aria-label="Actions" />
              </tr>
            </thead>
            <tbody>
              {teams.map((team) => (
                <tr key={team.id}>
                  <td>{team.name}</td>
                  <td>{team.tag}</td>
                  <td>{team.players.length}</td>
                  <td>
                    <div className="actions" style={{ marginTop: 0 }}>
                      <button type="button" onClick={() => setEditing({ mode: 'edit', team })}>
                        Edit
                      </button>
                      {confirmDelete === team.id ? (
                        <>
                          <button type="button" className="danger" onClick={() => void remove(team)}>
                            Confirm delete
                          </button>
                          <button type="button" onClick={() => setConfirmDelete(null)}>
                            Keep
                          </button>
                        </>
                      ) : (
                        <button type="button" className="danger" onClick={() => setConfirmDelete(team.id)}>
                          Delete
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
