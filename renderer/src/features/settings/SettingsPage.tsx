import { useId, useState } from 'react';
import { OVERTIME_MODES } from '../../../../shared/contracts/matches.js';
import type { Settings } from '../../../../shared/contracts/settings.js';
import type { SettingsAnswer } from '../../api/admin.js';
import { Spinner } from '../../components/Spinner.js';
import { useSettings } from '../../hooks/console-data.js';
import { useT } from '../../i18n/index.js';
import { CastersSettings } from './CastersSettings.js';
import { SettingsForm } from './SettingsForm.js';
import { SignInSettings } from './SignInSettings.js';
import { SimulationSettings } from './SimulationSettings.js';

type Defaults = Pick<
  Settings,
  | 'defaultMaxRounds'
  | 'defaultOvertimeMode'
  | 'demoRecording'
  | 'hostnameFormat'
  | 'autoAllocate'
  | 'allowPrivateWebhooks'
  | 'pauseAlertMinutes'
  | 'failoverAfterSeconds'
  | 'autoFailover'
>;

function DefaultsSettings({ answer, onSaved }: { answer: SettingsAnswer; onSaved(a: SettingsAnswer): void }) {
  const t = useT();
  const id = useId();
  const s = answer.settings;
  const [values, setValues] = useState<Defaults>({
    defaultMaxRounds: s.defaultMaxRounds,
    defaultOvertimeMode: s.defaultOvertimeMode,
    demoRecording: s.demoRecording,
    hostnameFormat: s.hostnameFormat,
    autoAllocate: s.autoAllocate,
    allowPrivateWebhooks: s.allowPrivateWebhooks,
    pauseAlertMinutes: s.pauseAlertMinutes,
    failoverAfterSeconds: s.failoverAfterSeconds,
    autoFailover: s.autoFailover,
  });
  const set = (patch: Partial<Defaults>) => setValues({ ...values, ...patch });
  return (
    <SettingsForm title={t('settings.defaults.title')} patch={() => values} onSaved={onSaved}>
      <div className="fields">
        <div>
          <label htmlFor={`${id}-rounds`}>{t('settings.defaults.maxRounds')}</label>
          <input
            id={`${id}-rounds`}
            type="number"
            min={2}
            max={60}
            value={values.defaultMaxRounds}
            onChange={(e) => set({ defaultMaxRounds: Number(e.target.value) })}
          />
        </div>
        <div>
          <label htmlFor={`${id}-overtime`}>{t('settings.defaults.overtime')}</label>
          <select
            id={`${id}-overtime`}
            value={values.defaultOvertimeMode}
            onChange={(e) => set({ defaultOvertimeMode: e.target.value as Defaults['defaultOvertimeMode'] })}
          >
            {OVERTIME_MODES.map((m) => (
              <option key={m} value={m}>
                {t(`settings.defaults.overtimeModes.${m}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-hostname`}>{t('settings.defaults.hostnameFormat')}</label>
          <input
            id={`${id}-hostname`}
            value={values.hostnameFormat}
            onChange={(e) => set({ hostnameFormat: e.target.value })}
          />
        </div>
        <div>
          <label htmlFor={`${id}-pause-alert`}>{t('settings.defaults.pauseAlertMinutes')}</label>
          <input
            id={`${id}-pause-alert`}
            type="number"
            min={0}
            max={120}
            value={values.pauseAlertMinutes}
            onChange={(e) => set({ pauseAlertMinutes: Number(e.target.value) })}
          />
        </div>
        <div>
          <label htmlFor={`${id}-failover-after`}>{t('settings.defaults.failoverAfterSeconds')}</label>
          <input
            id={`${id}-failover-after`}
            type="number"
            min={0}
            max={3600}
            value={values.failoverAfterSeconds}
            onChange={(e) => set({ failoverAfterSeconds: Number(e.target.value) })}
          />
        </div>
      </div>
      <label className="check">
        <input
          type="checkbox"
          checked={values.demoRecording}
          onChange={(e) => set({ demoRecording: e.target.checked })}
        />
        {t('settings.defaults.demoRecording')}
      </label>
      <label className="check">
        <input
          type="checkbox"
          checked={values.autoAllocate}
          onChange={(e) => set({ autoAllocate: e.target.checked })}
        />
        {t('settings.defaults.autoAllocate')}
      </label>
      <label className="check">
        <input
          type="checkbox"
          checked={values.allowPrivateWebhooks}
          onChange={(e) => set({ allowPrivateWebhooks: e.target.checked })}
        />
        {t('settings.defaults.allowPrivateWebhooks')}
      </label>
      <label className="check">
        <input
          type="checkbox"
          checked={values.autoFailover}
          onChange={(e) => set({ autoFailover: e.target.checked })}
        />
        {t('settings.defaults.autoFailover')}
      </label>
    </SettingsForm>
  );
}

function AdminPassword({ answer, onSaved }: { answer: SettingsAnswer; onSaved(a: SettingsAnswer): void }) {
  const t = useT();
  const id = useId();
  const [password, setPassword] = useState('');
  const isSet = answer.secretsSet.adminPassword;
  return (
    <SettingsForm
      title={t('settings.adminPassword.title')}
      saveLabel={isSet ? t('settings.adminPassword.change') : t('settings.adminPassword.set')}
      patch={() => ({ adminPassword: password })}
      onSaved={(a) => {
        setPassword('');
        onSaved(a);
      }}
    >
      <p className="muted">
        {isSet ? t('settings.adminPassword.isSet') : t('settings.adminPassword.notSet')}{' '}
        {t('settings.adminPassword.help')}
      </p>
      <label htmlFor={`${id}-password`}>{t('settings.adminPassword.newPassword')}</label>
      <input
        id={`${id}-password`}
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
    </SettingsForm>
  );
}

/** Install settings, one section per form so each Save is small and atomic. */
export function SettingsPage() {
  const t = useT();
  const { data: answer, error, set: setAnswer } = useSettings();
  return (
    <main className="page">
      <h1>{t('settings.title')}</h1>
      {error && (
        <p className="panel banner-error" role="alert">
          {error}
        </p>
      )}
      {!answer && !error && <Spinner label={t('settings.loading')} />}
      {answer && (
        <>
          {/* A production build hides simulation entirely unless PLUGIN_ENABLE_SIMULATION_IN_PROD allows it. */}
          {answer.simulation.allowed && <SimulationSettings answer={answer} onSaved={setAnswer} />}
          <DefaultsSettings answer={answer} onSaved={setAnswer} />
          <CastersSettings answer={answer} onSaved={setAnswer} />
          <SignInSettings answer={answer} onSaved={setAnswer} />
          <AdminPassword answer={answer} onSaved={setAnswer} />
        </>
      )}
    </main>
  );
}
