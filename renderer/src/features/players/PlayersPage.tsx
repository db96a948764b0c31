import { useState, type FormEvent } from 'react';
import { createPlayerSchema, type CreatePlayer } from '../../../../shared/contracts/players.js';
import { playersFromFile } from '../../../../shared/domain/file-import.js';
import { admin, type Player } from '../../api/admin.js';
import { ConfirmButton } from '../../components/ConfirmButton.js';
import { ImportPanel } from '../../components/ImportPanel.js';
import { Spinner } from '../../components/Spinner.js';
import { useAction } from '../../components/use-action.js';
import { usePlayers } from '../../hooks/console-data.js';

type Editing = { mode: 'closed' } | { mode: 'new' } | { mode: 'import' } | { mode: 'edit'; player: Player };

/** New or edited player: name, chat id and rating (the platform id is fixed once created). */
function PlayerForm({ player, onSaved, onCancel }: { player?: Player; onSaved(): void; onCancel(): void }) {
  const [platformId, setPlatformId] = useState(player?.platformId ?? '');
  const [name, setName] = useState(player?.name ?? '');
  const [chatId, setChatId] = useState(player?.chatId ?? '');
  const [rating, setRating] = useState(player ? String(player.rating) : '');
  const { busy, run } = useAction();
  async function submit(e: FormEvent) {
    e.preventDefault();
    const fields = { name, chatId: chatId.trim() || null, ...(rating ? { rating: Number(rating) } : {}) };
    const done = await run(
      () =>
        player
          ? admin.updatePlayer(player.platformId, fields)
          : admin.createPlayer({ platformId, ...fields }),
      `Player ${name} saved.`,
    );
    if (done) {
      onSaved();
    }
  }
  const title = player ? `Edit ${player.name}` : 'New player';
  return (
    <form className="panel form-grid" aria-label={title} onSubmit={(e) => void submit(e)}>
      <h2 style={{ gridColumn: '1 / -1' }}>{title}</h2>
      <label>
        Platform id (17 digits)
        <input
          value={platformId}
          onChange={(e) => setPlatformId(e.target.value)}
          disabled={Boolean(player)}
          required
        />
      </label>
      <label>
        Name
        <input value={name} onChange={(e) => setName(e.target.value)} required />
      </label>
      <label>
        Chat id
        <input value={chatId} onChange={(e) => setChatId(e.target.value)} />
      </label>
      <label>
        Rating
        <input type="number" value={rating} onChange={(e) => setRating(e.target.value)} placeholder="1500" />
      </label>
      <div className="actions" style={{ gridColumn: '1 / -1' }}>
        <button type="submit" className="primary" disabled={busy}>
          {player ? 'Save changes' : 'Create player'}
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** Every player: search, create, edit, delete, and import from a JSON or CSV file with a preview. */
export function PlayersPage() {
  const { data: players, refresh } = usePlayers();
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  const [search, setSearch] = useState('');
  const { busy, run } = useAction();
  const reload = () => void refresh();
  const close = () => setEditing({ mode: 'closed' });
  const saved = () => {
    close();
    reload();
  };
  const needle = search.trim().toLowerCase();
  const shown = (players ?? []).filter(
    (p) => !needle || p.name.toLowerCase().includes(needle) || p.platformId.includes(needle),
  );

  return (
    <main className="page">
      <h1>Players</h1>
      {editing.mode === 'closed' && (
        <div className="actions">
          <button type="button" className="primary" onClick={() => setEditing({ mode: 'new' })}>
            New player
          </button>
          <button type="button" onClick={() => setEditing({ mode: 'import' })}>
            Import from file
          </button>
        </div>
      )}
      {editing.mode === 'new' && <PlayerForm onSaved={saved} onCancel={close} />}
      {editing.mode === 'edit' && <PlayerForm player={editing.player} onSaved={saved} onCancel={close} />}
      {editing.mode === 'import' && (
        <ImportPanel<CreatePlayer>
          noun="players"
          help={
            <>
              JSON: an array of <code>{'{ platformId, name, chatId?, rating? }'}</code>. CSV: a header row
              with <code>platformId,player,chatId,rating</code> (chat id and rating may stay empty). A chat id
              set by hand is never overwritten.
            </>
          }
          read={playersFromFile}
          schema={createPlayerSchema}
          columns={[
            { header: 'Player', cell: (p) => p?.name },
            { header: 'Platform id', cell: (p) => p?.platformId },
            { header: 'Chat id', cell: (p) => p?.chatId ?? '' },
          ]}
          send={admin.importPlayers}
          onDone={reload}
          onCancel={close}
        />
      )}
      <section className="panel">
        <label htmlFor="player-search">Search by name or platform id</label>
        <input id="player-search" type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        {players === undefined ? (
          <Spinner />
        ) : shown.length === 0 ? (
          <p className="muted">{players.length === 0 ? 'No players yet.' : 'No player matches.'}</p>
        ) : (
          <div className="table-wrap">
            <table aria-label="Players">
              <thead>
                <tr>
                  <th scope="col">Player</th>
                  <th scope="col">Chat id</th>
                  <th scope="col">Rating</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((p) => (
                  <tr key={p.platformId} aria-label={p.name}>
                    <td>
                      {p.name}
                      <div className="muted">{p.platformId}</div>
                    </td>
                    <td>{p.chatId ?? '—'}</td>
                    <td>{Math.round(p.rating)}</td>
                    <td>
                      <div className="actions" style={{ marginTop: 0 }}>
                        <button type="button" onClick={() => setEditing({ mode: 'edit', player: p })}>
                          Edit
                        </button>
                        <ConfirmButton
                          label="Delete"
                          confirmLabel={`Delete ${p.name}`}
                          busy={busy}
                          onConfirm={() =>
                            void run(
                              () => admin.deletePlayer(p.platformId),
                              `Player ${p.name} deleted.`,
                            ).then(reload)
                          }
                        />
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </main>
  );
}
