import { useId, useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { ImportFileError } from '../../../shared/domain/file-import.js';
import type { BatchFailure, BatchResult } from '../api/admin.js';
import { toast } from '../stores/toasts.js';
import { Spinner } from './Spinner.js';

interface Column<T> {
  header: string;
  /** Also called with a row the check refused, as read from the file: read its fields with `?.`. */
  cell(item: T): ReactNode;
}

interface Props<T> {
  /** "teams", "players": used in the texts. */
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
        problems: parsed.error.issues.map((i) => `${i.path.join('.') || 'item'}: ${i.message}`),
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
        throw new ImportFileError(`The file holds no ${noun}.`);
      }
      setRows(items.map((raw) => check(schema, raw)));
    } catch (err) {
      setFileError(err instanceof ImportFileError ? err.message : `The file cannot be read: ${String(err)}`);
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
        toast('success', `${result.stats.successful} ${noun} imported.`);
        setRows(null);
      } else {
        toast('warning', `${result.stats.successful} ${noun} imported, ${result.stats.failed} refused.`);
      }
      onDone(result);
    } catch (err) {
      toast('error', (err as Error).message);
    } finally {
      setSending(false);
    }
  }

  return (
    <section className="panel" aria-label={`Import ${noun}`}>
      <h2>Import {noun}</h2>
      <div className="muted">{help}</div>
      <label htmlFor={inputId} style={{ marginTop: '0.75rem' }}>
        JSON or CSV file
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
            Preview of {fileName}: {valid.length} of {rows.length} ready
          </h3>
          <div className="table-wrap">
            <table aria-label="Import preview">
              <thead>
                <tr>
                  {columns.map((c) => (
                    <th key={c.header} scope="col">
                      {c.header}
                    </th>
                  ))}
                  <th scope="col">Check</th>
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
                        <span className="ok-text">Ready</span>
                      ) : (
                        <span className="danger-text">Skipped: {row.problems.join('; ')}</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      {sending && <Spinner label={`Importing ${valid.length} ${noun}…`} />}
      {failed.length > 0 && (
        <div className="result-box failed" role="alert" aria-label="Refused by the server">
          <strong>Refused by the server</strong>
          <ul>
            {failed.map(({ label, failure }) => (
              <li key={failure.index}>
                {label}: {failure.error} ({failure.code})
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
          {rows ? `Import ${valid.length} ${noun}` : `Import ${noun}`}
        </button>
        <button type="button" disabled={sending} onClick={onCancel}>
          Close
        </button>
      </div>
    </section>
  );
}
