import { useId, useState, type FormEvent } from 'react';
import { PLUGIN_FLAVOUR_SETTINGS } from '../../../../shared/contracts/servers.js';
import { admin, type ConnectionTest, type GameServer } from '../../api/admin.js';
import { ApiError } from '../../api/client.js';
import { Spinner } from '../../components/Spinner.js';
import { toast } from '../../stores/toasts.js';
import { ConnectionResult } from './ConnectionResult.js';

interface Props {
  /** The server to edit; a new server when absent. */
  server?: GameServer;
  onSaved(server: GameServer): void;
  onCancel(): void;
}

const FLAVOUR_LABELS: Record<(typeof PLUGIN_FLAVOUR_SETTINGS)[number], string> = {
  auto: 'Detect at setup (recommended)',
  matchzy: 'MatchZy-Enhanced 1.4.x (matchzy_ commands)',
  at: 'Auto Tournament CS2 2.x (at_ commands)',
  plugin: "Matchday's fake game server (plugin_ commands)",
};

export function ServerForm({ server, onSaved, onCancel }: Props) {
  const formId = useId();
  const [fields, setFields] = useState({
    id: server?.id ?? '',
    name: server?.name ?? '',
    host: server?.host ?? '',
    port: String(server?.port ?? 27015),
    rconPassword: '',
    serverPassword: server?.serverPassword ?? '',
    hostnameFormat: server?.hostnameFormat ?? '',
    flavour: server?.flavour ?? 'auto',
    trusted: server?.trusted ?? false,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [testing, setTesting] = useState(false);
  const [test, setTest] = useState<ConnectionTest | null>(null);
  const set = (patch: Partial<typeof fields>) => {
    setFields({ ...fields, ...patch });
    if ('host' in patch || 'port' in patch || 'rconPassword' in patch) {
      setTest(null);
    }
  };

  async function runTest() {
    if (!fields.rconPassword) {
      setErrors({ rconPassword: 'enter the RCON password to test it' });
      return;
    }
    setTesting(true);
    setTest(null);
    try {
      setTest(
        await admin.testConnection({
          host: fields.host.trim(),
          port: Number(fields.port),
          rconPassword: fields.rconPassword,
        }),
      );
      setErrors({});
    } catch (err) {
      showError(err);
    } finally {
      setTesting(false);
    }
  }

  function showError(err: unknown) {
    if (err instanceof ApiError && err.details.length > 0) {
      setErrors(Object.fromEntries(err.details.map((d) => [d.path, d.message])));
      setFormError('Check the highlighted fields.');
    } else {
      setFormError(err instanceof Error ? err.message : String(err));
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setErrors({});
    setFormError(null);
    const common = {
      name: fields.name,
      host: fields.host,
      port: Number(fields.port),
      serverPassword: fields.serverPassword,
      hostnameFormat: fields.hostnameFormat,
      flavour: fields.flavour,
      trusted: fields.trusted,
    };
    try {
      const saved = server
        ? await admin.updateServer(server.id, {
            ...common,
            // Blank keeps the stored password (it is write-only).
            ...(fields.rconPassword ? { rconPassword: fields.rconPassword } : {}),
          })
        : await admin.createServer({
            ...common,
            id: fields.id,
            rconPassword: fields.rconPassword,
            enabled: true,
          });
      toast('success', `Server ${saved.server.name} saved${server ? '' : '; setup sent over RCON'}.`);
      onSaved(saved.server);
    } catch (err) {
      showError(err);
    } finally {
      setSaving(false);
    }
  }

  const field = (path: string) => ({
    id: `${formId}-${path}`,
    'aria-invalid': errors[path] ? ('true' as const) : undefined,
    'aria-describedby': errors[path] ? `${formId}-${path}-error` : undefined,
  });
  const fieldError = (path: string) => (
    <div className="field-error" id={`${formId}-${path}-error`}>
      {errors[path] ?? ''}
    </div>
  );
  const title = server ? `Edit ${server.name}` : 'New server';

  return (
    <form className="panel" aria-label={title} onSubmit={(e) => void submit(e)}>
      <h2>{title}</h2>
      <div className="fields">
        {!server && (
          <div>
            <label htmlFor={`${formId}-id`}>Server id (short, e.g. lan-1)</label>
            <input {...field('id')} value={fields.id} onChange={(e) => set({ id: e.target.value })} />
            {fieldError('id')}
          </div>
        )}
        <div>
          <label htmlFor={`${formId}-name`}>Name</label>
          <input {...field('name')} value={fields.name} onChange={(e) => set({ name: e.target.value })} />
          {fieldError('name')}
        </div>
        <div>
          <label htmlFor={`${formId}-host`}>Address (IP or host name)</label>
          <input {...field('host')} value={fields.host} onChange={(e) => set({ host: e.target.value })} />
          {fieldError('host')}
        </div>
        <div>
          <label htmlFor={`${formId}-port`}>Port</label>
          <input
            {...field('port')}
            inputMode="numeric"
            value={fields.port}
            onChange={(e) => set({ port: e.target.value })}
          />
          {fieldError('port')}
        </div>
        <div>
          <label htmlFor={`${formId}-rconPassword`}>
            RCON password{server ? ' (blank keeps the saved one)' : ''}
          </label>
          <input
            {...field('rconPassword')}
            type="password"
            autoComplete="off"
            value={fields.rconPassword}
            onChange={(e) => set({ rconPassword: e.target.value })}
          />
          {fieldError('rconPassword')}
        </div>
        <div>
          <label htmlFor={`${formId}-serverPassword`}>Server password (players type it to join)</label>
          <input
            {...field('serverPassword')}
            autoComplete="off"
            value={fields.serverPassword}
            onChange={(e) => set({ serverPassword: e.target.value })}
          />
          {fieldError('serverPassword')}
        </div>
        <div>
          <label htmlFor={`${formId}-hostnameFormat`}>Hostname format (blank keeps the server’s own)</label>
          <input
            {...field('hostnameFormat')}
            value={fields.hostnameFormat}
            onChange={(e) => set({ hostnameFormat: e.target.value })}
          />
          {fieldError('hostnameFormat')}
        </div>
        <div>
          <label htmlFor={`${formId}-flavour`}>Plugin</label>
          <select
            {...field('flavour')}
            value={fields.flavour}
            onChange={(e) => set({ flavour: e.target.value as typeof fields.flavour })}
          >
            {PLUGIN_FLAVOUR_SETTINGS.map((f) => (
              <option key={f} value={f}>
                {FLAVOUR_LABELS[f]}
              </option>
            ))}
          </select>
          {fieldError('flavour')}
        </div>
      </div>
      <label className="check">
        <input
          type="checkbox"
          checked={fields.trusted}
          onChange={(e) => set({ trusted: e.target.checked })}
        />
        Trust this server’s game version (no internet here to check it)
      </label>
      <div className="actions">
        <button type="button" disabled={testing || !fields.host} onClick={() => void runTest()}>
          {testing ? 'Testing…' : 'Test connection'}
        </button>
      </div>
      {testing && <Spinner label="Trying an RCON login…" />}
      {test && <ConnectionResult result={test} />}
      {formError && (
        <p className="field-error" role="alert">
          {formError}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="primary" disabled={saving}>
          {saving ? 'Saving…' : server ? 'Save changes' : 'Add server'}
        </button>
        <button type="button" onClick={onCancel} disabled={saving}>
          Cancel
        </button>
      </div>
    </form>
  );
}
