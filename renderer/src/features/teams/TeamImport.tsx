import { useId, useState } from 'react';
import { Trans } from 'react-i18next';
import type { TeamImportResponse } from '../../../../shared/contracts/team-import.js';
import { readCsv } from '../../../../shared/domain/csv.js';
import { admin } from '../../api/admin.js';
import { Spinner } from '../../components/Spinner.js';
import { useT } from '../../i18n/index.js';
import { errorText } from '../../i18n/error-text.js';
import { toast } from '../../stores/toasts.js';
import { TeamImportPreview } from './TeamImportPreview.js';

interface Props {
  onDone(result: TeamImportResponse): void;
  onCancel(): void;
}

/** The file's records by line, as the preview shows a bad row: fields apart by the file's own separator. */
function rowTextOf(csv: string) {
  const { records, separator } = readCsv(csv);
  return new Map(records.map((r) => [r.line, r.fields.join(`${separator} `)] as const));
}

/**
 * Teams from a CSV file or pasted text: the server's dry run previews every team (create, update,
 * unchanged) and every bad row; the import, all or nothing, is offered only for a file without errors.
 */
export function TeamImport({ onDone, onCancel }: Props) {
  const t = useT();
  const fileId = useId();
  const textId = useId();
  const [csv, setCsv] = useState('');
  /** The preview and the text it is of: an edit after it asks for a new preview. */
  const [preview, setPreview] = useState<{ csv: string; answer: TeamImportResponse } | null>(null);
  const [busy, setBusy] = useState<'checking' | 'importing' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function check(text: string) {
    setBusy('checking');
    setFailure(null);
    try {
      setPreview({ csv: text, answer: await admin.importTeamsCsv(text, true) });
    } catch (err) {
      setPreview(null);
      setFailure(errorText(err));
    } finally {
      setBusy(null);
    }
  }

  async function pick(file: File | undefined) {
    if (file) {
      const text = await file.text();
      setCsv(text);
      await check(text);
    }
  }

  async function submit(text: string) {
    setBusy('importing');
    try {
      const result = await admin.importTeamsCsv(text, false);
      toast('success', t('teams.import.done', result.summary));
      setPreview(null);
      setCsv('');
      onDone(result);
    } catch (err) {
      toast('error', t('teams.import.refused', { reason: errorText(err) }));
      await check(text);
    } finally {
      setBusy(null);
    }
  }

  const current = preview?.csv === csv ? preview.answer : null;
  // The count of the last preview, also while an edit waits to be checked again (the button is off then).
  const teamCount = preview?.answer.teams.length ?? 0;
  const ready = current !== null && current.errors.length === 0 && teamCount > 0;
  return (
    <section className="panel" aria-label={t('teams.import.title')}>
      <h2>{t('teams.import.title')}</h2>
      <div className="muted">
        <Trans i18nKey="teams.import.help" components={{ code: <code /> }} />
      </div>
      <label htmlFor={fileId} style={{ marginTop: '0.75rem' }}>
        {t('teams.import.file')}
      </label>
      <input
        id={fileId}
        type="file"
        accept=".csv,text/csv"
        onChange={(e) => void pick(e.target.files?.[0])}
      />
      <label htmlFor={textId}>{t('teams.import.paste')}</label>
      <textarea
        id={textId}
        rows={6}
        spellCheck={false}
        value={csv}
        placeholder="team,tag,player,platformId"
        onChange={(e) => setCsv(e.target.value)}
      />
      {failure && (
        <p className="field-error" role="alert">
          {failure}
        </p>
      )}
      {busy && <Spinner label={t(`teams.import.${busy}`)} />}
      {preview && !current && <p className="warn-text">{t('teams.import.stale')}</p>}
      {current && <TeamImportPreview preview={current} rowText={rowTextOf(preview!.csv)} />}
      <div className="actions">
        <button type="button" disabled={busy !== null || csv.trim() === ''} onClick={() => void check(csv)}>
          {t('teams.import.check')}
        </button>
        <button
          type="button"
          className="primary"
          disabled={busy !== null || !ready}
          onClick={() => void submit(csv)}
        >
          {t('teams.import.importN', { count: teamCount })}
        </button>
        <button type="button" disabled={busy !== null} onClick={onCancel}>
          {t('common.close')}
        </button>
      </div>
    </section>
  );
}
