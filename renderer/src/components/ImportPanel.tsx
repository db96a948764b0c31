import { useId, useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { ImportFileError } from '../../../shared/domain/file-import.js';
import type { BatchFailure, BatchResult } from '../api/admin.js';
import { toast } from '../stores/toasts.js';
import { Spinner } from './Spinner.js';
import { failureText } from './failure-text.js';
import { t as translate, useT } from '../i18n/index.js';
import { errorText } from '../i18n/error-text.js';

interface Column<T> {
  /** Translated by the caller. */
  header: string;
  /** Also called with a row the check refused, as read from the file: read its fields with `?.`. */
  cell(item: T): ReactNode;
}

interface Props<T> {
  /** "teams", "players", in the language in use (the caller translates it): used in the texts. */
  noun: string;
  /** What the file may look like, shown above the file picker. */
  help: ReactNode;
  read(fileName: string, text: string): unknown[];
  /** The API's own item schema: the preview shows what it would refuse before anything is sent. */
  schema: z.ZodType<T>;
  columns: Column<T>[];
  send(items: T[]): Promise<BatchResult<unknown>>;
  onDone(result: BatchResult<unknown>): void;
  onCancel(): void;
}

interface Row<T> {
  raw: unknown;
  value: T | null;
  problems: string[];
}

function check<T>(schema: z.ZodType<T>, raw: unknown): Row<T> {
  const parsed = schema.safeParse(raw);
  return parsed.success
    ? { raw, value: parsed.data, problems: [] }
    : {
        raw,
        value: null,
        problems: parsed.error.issues.map(
          (i) => `${i.path.join('.') || translate('components.import.item')}: ${i.message}`,
        ),
      };
}

/**
 * Import from a JSON or CSV file: read, preview (each row checked as the API would), then one batch
 * call; the rows the API refused are listed with its reason.
 */
export function ImportPanel<T>({ noun, help, read, schema, columns, send, onDone, onCancel }: Props<T>) {
  const inputId = useId();
  const [fileName, setFileName] = useState<string | null>(null);
  const [rows, setRows] = useState<Row<T>[] | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState<{ label: string; failure: BatchFailure }[]>([]);
  const t = useT();

  async function pick(file: File | undefined) {
    setRows(null);
    setFailed([]);
    setFileError(null);
    if (!file) {
      return;
    }
    setFileName(file.name);
    try {
      const items = read(file.name, await file.text());
      if (items.length === 0) {
        throw new ImportFileError(t('components.import.empty', { noun }));
      }
      setRows(items.map((raw) => check(schema, raw)));
    } catch (err) {
      setFileError(
        err instanceof ImportFileError
          ? err.message
          : t('components.import.unreadable', { error: String(err) }),
      );
    }
  }

  const valid = rows?.filter((r): r is Row<T> & { value: T } => r.value !== null) ?? [];

  async function submit() {
    setSending(true);
    try {
      const result = await send(valid.map((r) => r.value));
      const label = (index: number) => {
        const first = columns[0];
        return first ? String(first.cell(valid[index]!.value) ?? `#${index + 1}`) : `#${index + 1}`;
      };
      setFailed(result.failed.map((failure) => ({ label: label(failure.index), failure })));
      if (result.stats.failed === 0) {
        toast('success', t('components.import.imported', { n: result.stats.successful, noun }));
        setRows(null);
      } else {
        toast(
          'warning',
          t('components.import.partly', { n: result.stats.successful, noun, failed: result.stats.failed }),
        );
      }
      onDone(result);
    } catch (err) {
      toast('error', errorText(err));
    } finally {
      setSending(false);
    }
  }

  return (
    <section className="panel" aria-label={t('components.import.title', { noun })}>
      <h2>{t('components.import.title', { noun })}</h2>
      <div className="muted">{help}</div>
      <label htmlFor={inputId} style={{ marginTop: '0.75rem' }}>
        {t('components.import.file')}
      </label>
      <input
        id={inputId}
        type="file"
        accept=".json,.csv,application/json,text/csv"
        onChange={(e) => void pick(e.target.files?.[0])}
      />
      {fileError && (
        <p className="field-error" role="alert">
          {fileError}
        </p>
      )}
      {rows && (
        <>
          <h3>
            {t('components.import.preview', { file: fileName, valid: valid.length, total: rows.length })}
          </h3>
          <div className="table-wrap">
            <table aria-label={t('components.import.table')}>
              <thead>
                <tr>
                  {columns.map((c) => (
                    <th key={c.header} scope="col">
                      {c.header}
                    </th>
                  ))}
                  <th scope="col">{t('components.import.check')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row, i) => (
                  <tr key={i}>
                    {columns.map((c) => (
                      <td key={c.header}>{c.cell((row.value ?? row.raw) as T)}</td>
                    ))}
                    <td>
                      {row.problems.length === 0 ? (
                        <span className="ok-text">{t('components.import.ready')}</span>
                      ) : (
                        <span className="danger-text">
                          {t('components.import.skipped', { problems: row.problems.join('; ') })}
                        </span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      {sending && <Spinner label={t('components.import.importing', { n: valid.length, noun })} />}
      {failed.length > 0 && (
        <div className="result-box failed" role="alert" aria-label={t('components.import.refused')}>
          <strong>{t('components.import.refused')}</strong>
          <ul>
            {failed.map(({ label, failure }) => (
              <li key={failure.index}>
                {label}: {failureText(failure)} ({failure.code})
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="actions">
        <button
          type="button"
          className="primary"
          disabled={sending || valid.length === 0}
          onClick={() => void submit()}
        >
          {rows
            ? t('components.import.importSome', { n: valid.length, noun })
            : t('components.import.importAll', { noun })}
        </button>
        <button type="button" disabled={sending} onClick={onCancel}>
          {t('common.close')}
        </button>
      </div>
    </section>
  );
}
