import { useId, useState, type FormEvent } from 'react';
import { PLUGIN_FLAVOUR_SETTINGS } from '../../../../shared/contracts/servers.js';
import { admin, type ConnectionTest, type GameServer } from '../../api/admin.js';
import { ApiError } from '../../api/client.js';
import { Spinner } from '../../components/Spinner.js';
import { useSimulationPolicy } from '../../hooks/console-data.js';
import { errorText } from '../../i18n/error-text.js';
import { useT } from '../../i18n/index.js';
import { toast } from '../../stores/toasts.js';
import { ConnectionResult } from './ConnectionResult.js';

interface Props {
  /** The server to edit; a new server when absent. */
  server?: GameServer;
  onSaved(server: GameServer): void;
  onCancel(): void;
}

export function ServerForm({ server, onSaved, onCancel }: Props) {
  const t = useT();
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
    tags: server?.tags.join(' ') ?? '',
  });
  // The fake game server is a test double: offered only where simulation is allowed (or already chosen).
  const simulationAllowed = useSimulationPolicy(true).data?.simulation.allowed ?? false;
  const flavours = PLUGIN_FLAVOUR_SETTINGS.filter(
    (f) => f !== 'plugin' || simulationAllowed || server?.flavour === 'plugin',
  );
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
      setErrors({ rconPassword: t('servers.form.rconPasswordNeeded') });
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
      setFormError(t('servers.form.checkFields'));
    } else {
      setFormError(errorText(err));
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
      // Typed as words apart; the server checks each one (decision 74).
      tags: fields.tags.split(/[\s,]+/).filter((tag) => tag !== ''),
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
      // The save answers after setup ran: a failed setup is not a success, whatever was stored.
      const setupError = saved.server.setup.error;
      if (setupError === null) {
        toast(
          'success',
          t(server ? 'servers.form.saved' : 'servers.form.savedAndSetUp', { name: saved.server.name }),
        );
      } else {
        toast('warning', t('servers.form.savedSetupFailed', { name: saved.server.name, error: setupError }));
      }
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
  const title = server ? t('servers.form.editTitle', { name: server.name }) : t('servers.form.newTitle');

  return (
    <form className="panel" aria-label={title} onSubmit={(e) => void submit(e)}>
      <h2>{title}</h2>
      <div className="fields">
        {!server && (
          <div>
            <label htmlFor={`${formId}-id`}>{t('servers.form.id')}</label>
            <input {...field('id')} value={fields.id} onChange={(e) => set({ id: e.target.value })} />
            {fieldError('id')}
          </div>
        )}
        <div>
          <label htmlFor={`${formId}-name`}>{t('servers.form.name')}</label>
          <input {...field('name')} value={fields.name} onChange={(e) => set({ name: e.target.value })} />
          {fieldError('name')}
        </div>
        <div>
          <label htmlFor={`${formId}-host`}>{t('servers.form.host')}</label>
          <input {...field('host')} value={fields.host} onChange={(e) => set({ host: e.target.value })} />
          {fieldError('host')}
        </div>
        <div>
          <label htmlFor={`${formId}-port`}>{t('servers.form.port')}</label>
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
            {server ? t('servers.form.rconPasswordKeep') : t('servers.form.rconPassword')}
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
          <label htmlFor={`${formId}-serverPassword`}>{t('servers.form.serverPassword')}</label>
          <input
            {...field('serverPassword')}
            autoComplete="off"
            value={fields.serverPassword}
            onChange={(e) => set({ serverPassword: e.target.value })}
          />
          {fieldError('serverPassword')}
        </div>
        <div>
          <label htmlFor={`${formId}-hostnameFormat`}>{t('servers.form.hostnameFormat')}</label>
          <input
            {...field('hostnameFormat')}
            value={fields.hostnameFormat}
            onChange={(e) => set({ hostnameFormat: e.target.value })}
          />
          {fieldError('hostnameFormat')}
        </div>
        <div>
          <label htmlFor={`${formId}-tags`}>{t('servers.form.tags')}</label>
          <input {...field('tags')} value={fields.tags} onChange={(e) => set({ tags: e.target.value })} />
          {fieldError('tags')}
        </div>
        <div>
          <label htmlFor={`${formId}-flavour`}>{t('servers.form.flavour')}</label>
          <select
            {...field('flavour')}
            value={fields.flavour}
            onChange={(e) => set({ flavour: e.target.value as typeof fields.flavour })}
          >
            {flavours.map((f) => (
              <option key={f} value={f}>
                {t(`servers.form.flavours.${f}`)}
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
        {t('servers.form.trusted')}
      </label>
      <div className="actions">
        <button type="button" disabled={testing || !fields.host} onClick={() => void runTest()}>
          {testing ? t('servers.form.testing') : t('servers.form.testConnection')}
        </button>
      </div>
      {testing && <Spinner label={t('servers.form.tryingLogin')} />}
      {test && <ConnectionResult result={test} />}
      {formError && (
        <p className="field-error" role="alert">
          {formError}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="primary" disabled={saving}>
          {saving ? t('servers.form.saving') : server ? t('servers.form.saveChanges') : t('servers.form.add')}
        </button>
        <button type="button" onClick={onCancel} disabled={saving}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
