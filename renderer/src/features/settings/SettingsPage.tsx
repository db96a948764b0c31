import { useId, useState } from 'react';
import { OVERTIME_MODES } from '../../../../shared/contracts/matches.js';
import type { Settings } from '../../../../shared/contracts/settings.js';
import type { SettingsAnswer } from '../../api/admin.js';
import { Spinner } from '../../components/Spinner.js';
import { useSettings } from '../../hooks/console-data.js';
import { OVERTIME_LABELS } from '../tournament/labels.js';
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
>;

function DefaultsSettings({ answer, onSaved }: { answer: SettingsAnswer; onSaved(a: SettingsAnswer): void }) {
  const id = useId();
  const s = answer.settings;
  const [values, setValues] = useState<Defaults>({
    defaultMaxRounds: s.defaultMaxRounds,
    defaultOvertimeMode: s.defaultOvertimeMode,
    demoRecording: s.demoRecording,
    hostnameFormat: s.hostnameFormat,
    autoAllocate: s.autoAllocate,
    allowPrivateWebhooks: s.allowPrivateWebhooks,
  });
  const set = (patch: Partial<Defaults>) => setValues({ ...values, ...patch });
  return (
    <SettingsForm title="Defaults" patch={() => values} onSaved={onSaved}>
      <div className="fields">
        <div>
          <label htmlFor={`${id}-rounds`}>Max rounds per map</label>
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
          <label htmlFor={`${id}-overtime`}>Overtime</label>
          <select
            id={`${id}-overtime`}
            value={values.defaultOvertimeMode}
            onChange={(e) => set({ defaultOvertimeMode: e.target.value as Defaults['defaultOvertimeMode'] })}
          >
            {OVERTIME_MODES.map((m) => (
              <option key={m} value={m}>
                {OVERTIME_LABELS[m]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-hostname`}>Server hostname format (blank keeps each server’s own)</label>
          <input
            id={`${id}-hostname`}
            value={values.hostnameFormat}
            onChange={(e) => set({ hostnameFormat: e.target.value })}
          />
        </div>
      </div>
      <label className="check">
        <input
          type="checkbox"
          checked={values.demoRecording}
          onChange={(e) => set({ demoRecording: e.target.checked })}
        />
        Record demos (GOTV) and upload them after each map
      </label>
      <label className="check">
        <input
          type="checkbox"
          checked={values.autoAllocate}
          onChange={(e) => set({ autoAllocate: e.target.checked })}
        />
        Load waiting matches on free servers by themselves
      </label>
      <label className="check">
        <input
          type="checkbox"
          checked={values.allowPrivateWebhooks}
          onChange={(e) => set({ allowPrivateWebhooks: e.target.checked })}
        />
        Allow webhooks to private and local addresses
      </label>
    </SettingsForm>
  );
}

function AdminPassword({ answer, onSaved }: { answer: SettingsAnswer; onSaved(a: SettingsAnswer): void }) {
  const id = useId();
  const [password, setPassword] = useState('');
  const isSet = answer.secretsSet.adminPassword;
  return (
    <SettingsForm
      title="Admin password"
      saveLabel={isSet ? 'Change password' : 'Set password'}
      patch={() => ({ adminPassword: password })}
      onSaved={(a) => {
        setPassword('');
        onSaved(a);
      }}
    >
      <p className="muted">
        {isSet ? 'A password is set.' : 'No password is set.'} With one, an organiser can sign in as admin
        from another device on the sign-in page. At least 10 characters.
      </p>
      <label htmlFor={`${id}-password`}>New admin password</label>
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
  const { data: answer, error, set: setAnswer } = useSettings();
  return (
    <main className="page">
      <h1>Settings</h1>
      {error && (
        <p className="panel banner-error" role="alert">
          {error}
        </p>
      )}
      {!answer && !error && <Spinner label="Loading settings…" />}
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
