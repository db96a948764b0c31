import { useState, type FormEvent } from 'react';
import { Trans } from 'react-i18next';
import { createPlayerSchema, type CreatePlayer } from '../../../../shared/contracts/players.js';
import { playersFromFile } from '../../../../shared/domain/file-import.js';
import { admin, type Player } from '../../api/admin.js';
import { ConfirmButton } from '../../components/ConfirmButton.js';
import { ImportPanel } from '../../components/ImportPanel.js';
import { Spinner } from '../../components/Spinner.js';
import { useAction } from '../../components/use-action.js';
import { usePlayers } from '../../hooks/console-data.js';
import { useT } from '../../i18n/index.js';
import { formatRating } from './rating-format.js';

type Editing = { mode: 'closed' } | { mode: 'new' } | { mode: 'import' } | { mode: 'edit'; player: Player };

/** New or edited player: name, chat id and rating (the platform id is fixed once created). */
function PlayerForm({ player, onSaved, onCancel }: { player?: Player; onSaved(): void; onCancel(): void }) {
  const [platformId, setPlatformId] = useState(player?.platformId ?? '');
  const [name, setName] = useState(player?.name ?? '');
  const [chatId, setChatId] = useState(player?.chatId ?? '');
  const [rating, setRating] = useState(player ? String(player.rating) : '');
  const { busy, run } = useAction();
  const t = useT();
  async function submit(e: FormEvent) {
    e.preventDefault();
    const fields = { name, chatId: chatId.trim() || null, ...(rating ? { rating: Number(rating) } : {}) };
    const done = await run(
      () =>
        player
          ? admin.updatePlayer(player.platformId, fields)
          : admin.createPlayer({ platformId, ...fields }),
      t('players.form.saved', { name }),
    );
    if (done) {
      onSaved();
    }
  }
  const title = player ? t('players.form.editTitle', { name: player.name }) : t('players.form.newTitle');
  return (
    <form className="panel form-grid" aria-label={title} onSubmit={(e) => void submit(e)}>
      <h2 style={{ gridColumn: '1 / -1' }}>{title}</h2>
      <label>
        {t('players.form.platformId')}
        <input
          value={platformId}
          onChange={(e) => setPlatformId(e.target.value)}
          disabled={Boolean(player)}
          required
        />
      </label>
      <label>
        {t('players.form.name')}
        <input value={name} onChange={(e) => setName(e.target.value)} required />
      </label>
      <label>
        {t('players.form.chatId')}
        <input value={chatId} onChange={(e) => setChatId(e.target.value)} />
      </label>
      <label>
        {t('players.form.rating')}
        <input type="number" value={rating} onChange={(e) => setRating(e.target.value)} placeholder="1500" />
      </label>
      <div className="actions" style={{ gridColumn: '1 / -1' }}>
        <button type="submit" className="primary" disabled={busy}>
          {player ? t('players.form.saveChanges') : t('players.form.create')}
        </button>
        <button type="button" onClick={onCancel}>
          {t('players.form.cancel')}
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
  const t = useT();
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
      <h1>{t('players.admin.title')}</h1>
      {editing.mode === 'closed' && (
        <div className="actions">
          <button type="button" className="primary" onClick={() => setEditing({ mode: 'new' })}>
            {t('players.admin.newPlayer')}
          </button>
          <button type="button" onClick={() => setEditing({ mode: 'import' })}>
            {t('players.admin.importFromFile')}
          </button>
        </div>
      )}
      {editing.mode === 'new' && <PlayerForm onSaved={saved} onCancel={close} />}
      {editing.mode === 'edit' && <PlayerForm player={editing.player} onSaved={saved} onCancel={close} />}
      {editing.mode === 'import' && (
        <ImportPanel<CreatePlayer>
          noun={t('players.admin.importNoun')}
          help={<Trans i18nKey="players.admin.importHelp" components={{ code: <code /> }} />}
          read={playersFromFile}
          schema={createPlayerSchema}
          columns={[
            { header: t('players.admin.column.player'), cell: (p) => p?.name },
            { header: t('players.admin.column.platformId'), cell: (p) => p?.platformId },
            { header: t('players.admin.column.chatId'), cell: (p) => p?.chatId ?? '' },
          ]}
          send={admin.importPlayers}
          onDone={reload}
          onCancel={close}
        />
      )}
      <section className="panel">
        <label htmlFor="player-search">{t('players.admin.search')}</label>
        <input id="player-search" type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        {players === undefined ? (
          <Spinner />
        ) : shown.length === 0 ? (
          <p className="muted">
            {players.length === 0 ? t('players.admin.noPlayers') : t('players.admin.noPlayerMatches')}
          </p>
        ) : (
          <div className="table-wrap">
            <table aria-label={t('players.admin.table')}>
              <thead>
                <tr>
                  <th scope="col">{t('players.admin.column.player')}</th>
                  <th scope="col">{t('players.admin.column.chatId')}</th>
                  <th scope="col">{t('players.admin.column.rating')}</th>
                  <th scope="col">{t('players.admin.column.actions')}</th>
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
                    <td>{formatRating(p.rating)}</td>
                    <td>
                      <div className="actions" style={{ marginTop: 0 }}>
                        <button type="button" onClick={() => setEditing({ mode: 'edit', player: p })}>
                          {t('players.admin.edit')}
                        </button>
                        <ConfirmButton
                          label={t('players.admin.delete')}
                          confirmLabel={t('players.admin.confirmDelete', { name: p.name })}
                          busy={busy}
                          onConfirm={() =>
                            void run(
                              () => admin.deletePlayer(p.platformId),
                              t('players.admin.deleted', { name: p.name }),
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
