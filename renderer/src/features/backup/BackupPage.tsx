import { useState } from 'react';
import type { RestoreAnswer, Snapshot } from '../../../../shared/contracts/backup.js';
import { admin } from '../../api/admin.js';
import { ConfirmButton } from '../../components/ConfirmButton.js';
import { Spinner } from '../../components/Spinner.js';
import { useAction } from '../../components/use-action.js';
import { useSnapshots } from '../../hooks/console-data.js';
import { formatDateTime, formatNumber } from '../../i18n/format.js';
import { useT } from '../../i18n/index.js';

const KIND_KEY = {
  automatic: 'automatic',
  manual: 'manual',
  'before-restore': 'beforeRestore',
} as const satisfies Record<Snapshot['kind'], string>;

const megabytes = (bytes: number) =>
  `${formatNumber(bytes / 1024 / 1024, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} MB`;

/** What was restored, in the toast and the status line. */
interface Restored {
  toast: string;
  status: string;
}

/** Backup now, restore a backup file, and the snapshots Matchday keeps in its data folder. */
export function BackupPage() {
  const t = useT();
  const { data, refresh } = useSnapshots();
  const snapshots = data?.snapshots ?? null;
  const schedule = data?.schedule ?? null;
  const [file, setFile] = useState<File | null>(null);
  const [restored, setRestored] = useState<string | null>(null);
  const [withDemos, setWithDemos] = useState(false);
  const { busy, run } = useAction();

  const afterRestore = async (what: Restored, answer: Promise<RestoreAnswer>) => {
    setRestored(null);
    const done = await run(() => answer, what.toast);
    if (done) {
      setRestored(
        [
          what.status,
          done.demosRestored !== undefined && t('backup.restored.demos', { count: done.demosRestored }),
          t('backup.restored.keptAs', { name: done.safetyCopy.name }),
        ]
          .filter(Boolean)
          .join(' '),
      );
      await refresh();
    }
  };
  const restoreFile = (name: string): Restored => ({
    toast: t('backup.restored.fileToast', { name }),
    status: t('backup.restored.file', { name }),
  });
  const restoreSnapshot = (time: string): Restored => ({
    toast: t('backup.restored.snapshotToast', { time }),
    status: t('backup.restored.snapshot', { time }),
  });

  return (
    <main className="page">
      <div className="page-head">
        <h1>{t('backup.title')}</h1>
      </div>
      {restored && (
        <p className="panel ok-text" role="status">
          {restored}
        </p>
      )}
      <section className="panel" aria-labelledby="backup-title">
        <h2 id="backup-title">{t('backup.now.title')}</h2>
        <p className="muted">{t('backup.now.help')}</p>
        <div className="actions">
          <a className="button" href={withDemos ? '/api/backup?demos=1' : '/api/backup'} download>
            {t('backup.now.download')}
          </a>
          <label className="check">
            <input type="checkbox" checked={withDemos} onChange={(e) => setWithDemos(e.target.checked)} />
            {t('backup.now.withDemos')}
          </label>
        </div>
      </section>
      <section className="panel" aria-labelledby="restore-title">
        <h2 id="restore-title">{t('backup.restore.title')}</h2>
        <p className="muted">{t('backup.restore.help')}</p>
        <div className="actions">
          <input
            type="file"
            accept=".sqlite,.tar,application/vnd.sqlite3,application/x-tar,application/octet-stream"
            aria-label={t('backup.restore.file')}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
          <ConfirmButton
            label={file ? t('backup.restore.restoreFile', { name: file.name }) : t('backup.restore.restore')}
            confirmLabel={
              file ? t('backup.restore.replaceAllWith', { name: file.name }) : t('backup.restore.replaceAll')
            }
            disabled={!file}
            busy={busy}
            onConfirm={() => file && void afterRestore(restoreFile(file.name), admin.restoreBackup(file))}
          />
          {busy && file && (
            <span className="muted">
              <Spinner /> {t('backup.restore.uploading', { size: megabytes(file.size) })}
            </span>
          )}
        </div>
      </section>
      <section className="panel" aria-labelledby="snapshots-title">
        <div className="page-head">
          <h2 id="snapshots-title">{t('backup.snapshots.title')}</h2>
          <button
            type="button"
            disabled={busy}
            onClick={() => void run(admin.takeSnapshot, t('backup.snapshots.taken')).then(refresh)}
          >
            {t('backup.snapshots.take')}
          </button>
        </div>
        {schedule && (
          <p className="muted">
            {t('backup.snapshots.schedule', { minutes: schedule.intervalMinutes, keep: schedule.keep })}
          </p>
        )}
        {snapshots === null ? (
          <Spinner />
        ) : snapshots.length === 0 ? (
          <p>{t('backup.snapshots.none')}</p>
        ) : (
          <ul className="snapshot-list" aria-label={t('backup.snapshots.title')}>
            {snapshots.map((s) => (
              <li key={s.name}>
                <div>
                  <strong>{formatDateTime(s.createdAt)}</strong>
                  <span className="muted">
                    {' '}
                    · {t(`backup.kind.${KIND_KEY[s.kind]}`)} · {megabytes(s.sizeBytes)}
                  </span>
                </div>
                <div className="actions">
                  <a className="button" href={`/api/backup/snapshots/${encodeURIComponent(s.name)}`} download>
                    {t('backup.snapshots.download')}
                  </a>
                  <ConfirmButton
                    label={t('backup.restore.restore')}
                    confirmLabel={t('backup.snapshots.confirmRestore', { time: formatDateTime(s.createdAt) })}
                    busy={busy}
                    onConfirm={() =>
                      void afterRestore(
                        restoreSnapshot(formatDateTime(s.createdAt)),
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
