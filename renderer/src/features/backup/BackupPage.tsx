import { useState } from 'react';
import type { RestoreAnswer, Snapshot } from '../../../../shared/contracts/backup.js';
import { admin } from '../../api/admin.js';
import { ConfirmButton } from '../../components/ConfirmButton.js';
import { Spinner } from '../../components/Spinner.js';
import { useAction } from '../../components/use-action.js';
import { useSnapshots } from '../../hooks/console-data.js';

const KIND_LABEL: Record<Snapshot['kind'], string> = {
  automatic: 'Automatic',
  manual: 'Taken by hand',
  'before-restore': 'Before a restore',
};

const takenAt = (unixSeconds: number) => new Date(unixSeconds * 1000).toLocaleString();
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Backup now, restore a backup file, and the snapshots Matchday keeps in its data folder. */
export function BackupPage() {
  const { data, refresh } = useSnapshots();
  const snapshots = data?.snapshots ?? null;
  const schedule = data?.schedule ?? null;
  const [file, setFile] = useState<File | null>(null);
  const [restored, setRestored] = useState<string | null>(null);
  const [withDemos, setWithDemos] = useState(false);
  const { busy, run } = useAction();

  const afterRestore = async (what: string, answer: Promise<RestoreAnswer>) => {
    setRestored(null);
    const done = await run(() => answer, `${what} restored`);
    if (done) {
      const demos =
        done.demosRestored === undefined
          ? ''
          : ` ${done.demosRestored} demo${done.demosRestored === 1 ? '' : 's'} put back.`;
      setRestored(
        `${what} restored.${demos} The data it replaced is kept as the snapshot ${done.safetyCopy.name}.`,
      );
      await refresh();
    }
  };

  return (
    <main className="page">
      <div className="page-head">
        <h1>Backup and restore</h1>
      </div>
      {restored && (
        <p className="panel ok-text" role="status">
          {restored}
        </p>
      )}
      <section className="panel" aria-labelledby="backup-title">
        <h2 id="backup-title">Backup now</h2>
        <p className="muted">
          One file with teams, servers, the tournament, results, ratings and settings (secrets included: keep
          it safe). Restoring it on another laptop brings the whole event back.
        </p>
        <div className="actions">
          <a className="button" href={withDemos ? '/api/backup?demos=1' : '/api/backup'} download>
            Download a backup
          </a>
          <label className="check">
            <input type="checkbox" checked={withDemos} onChange={(e) => setWithDemos(e.target.checked)} />
            Include the demos (one .tar file, much larger)
          </label>
        </div>
      </section>
      <section className="panel" aria-labelledby="restore-title">
        <h2 id="restore-title">Restore a backup file</h2>
        <p className="muted">The file is checked first: a damaged or foreign file changes nothing.</p>
        <div className="actions">
          <input
            type="file"
            accept=".sqlite,.tar,application/vnd.sqlite3,application/x-tar,application/octet-stream"
            aria-label="File to restore"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
          <ConfirmButton
            label={file ? `Restore ${file.name}` : 'Restore'}
            confirmLabel={file ? `Replace all data with ${file.name}` : 'Replace all data'}
            disabled={!file}
            busy={busy}
            onConfirm={() => file && void afterRestore(file.name, admin.restoreBackup(file))}
          />
          {busy && file && (
            <span className="muted">
              <Spinner /> Uploading and checking {megabytes(file.size)}…
            </span>
          )}
        </div>
      </section>
      <section className="panel" aria-labelledby="snapshots-title">
        <div className="page-head">
          <h2 id="snapshots-title">Snapshots</h2>
          <button
            type="button"
            disabled={busy}
            onClick={() => void run(admin.takeSnapshot, 'Snapshot taken').then(refresh)}
          >
            Take a snapshot now
          </button>
        </div>
        {schedule && (
          <p className="muted">
            Taken automatically every {schedule.intervalMinutes} minutes while a tournament is in progress;
            the last {schedule.keep} are kept.
          </p>
        )}
        {snapshots === null ? (
          <Spinner />
        ) : snapshots.length === 0 ? (
          <p>No snapshots yet.</p>
        ) : (
          <ul className="snapshot-list" aria-label="Snapshots">
            {snapshots.map((s) => (
              <li key={s.name}>
                <div>
                  <strong>{takenAt(s.createdAt)}</strong>
                  <span className="muted">
                    {' '}
                    · {KIND_LABEL[s.kind]} · {megabytes(s.sizeBytes)}
                  </span>
                </div>
                <div className="actions">
                  <a className="button" href={`/api/backup/snapshots/${encodeURIComponent(s.name)}`} download>
                    Download
                  </a>
                  <ConfirmButton
                    label="Restore"
                    confirmLabel={`Replace all data with the snapshot of ${takenAt(s.createdAt)}`}
                    busy={busy}
                    onConfirm={() =>
                      void afterRestore(
                        `The snapshot of ${takenAt(s.createdAt)}`,
                        admin.restoreSnapshot(s.name),
                      )
                    }
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}
