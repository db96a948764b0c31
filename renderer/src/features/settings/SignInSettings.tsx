import { useId, useState } from 'react';
import type { Settings, SettingsPatch } from '../../../../shared/contracts/settings.js';
import type { SettingsAnswer } from '../../api/admin.js';
import { SettingsForm } from './SettingsForm.js';

type Fields = Pick<
  Settings,
  | 'steamSignIn'
  | 'discordSignIn'
  | 'discordClientId'
  | 'githubSignIn'
  | 'githubClientId'
  | 'oidcSignIn'
  | 'oidcIssuer'
  | 'oidcClientId'
  | 'oidcName'
  | 'oidcPlatformIdClaim'
>;
type Secrets = { discordClientSecret: string; githubClientSecret: string; oidcClientSecret: string };

/** Which sign-in providers the sign-in page offers; client secrets are write-only (blank keeps them). */
export function SignInSettings({
  answer,
  onSaved,
}: {
  answer: SettingsAnswer;
  onSaved(a: SettingsAnswer): void;
}) {
  const id = useId();
  const s = answer.settings;
  const [fields, setFields] = useState<Fields>({
    steamSignIn: s.steamSignIn,
    discordSignIn: s.discordSignIn,
    discordClientId: s.discordClientId,
    githubSignIn: s.githubSignIn,
    githubClientId: s.githubClientId,
    oidcSignIn: s.oidcSignIn,
    oidcIssuer: s.oidcIssuer,
    oidcClientId: s.oidcClientId,
    oidcName: s.oidcName,
    oidcPlatformIdClaim: s.oidcPlatformIdClaim,
  });
  const [secrets, setSecrets] = useState<Secrets>({
    discordClientSecret: '',
    githubClientSecret: '',
    oidcClientSecret: '',
  });
  const set = (patch: Partial<Fields>) => setFields({ ...fields, ...patch });
  const patch = (): SettingsPatch => ({
    ...fields,
    ...Object.fromEntries(Object.entries(secrets).filter(([, value]) => value !== '')),
  });

  const text = (key: keyof Fields, label: string) => (
    <div>
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        value={fields[key] as string}
        onChange={(e) => set({ [key]: e.target.value } as Partial<Fields>)}
      />
    </div>
  );
  const secret = (key: keyof Secrets, label: string) => (
    <div>
      <label htmlFor={`${id}-${key}`}>
        {label} ({answer.secretsSet[key] ? 'set; blank keeps it' : 'not set'})
      </label>
      <input
        id={`${id}-${key}`}
        type="password"
        autoComplete="off"
        value={secrets[key]}
        onChange={(e) => setSecrets({ ...secrets, [key]: e.target.value })}
      />
    </div>
  );
  const toggle = (key: 'steamSignIn' | 'discordSignIn' | 'githubSignIn' | 'oidcSignIn', label: string) => (
    <label className="check">
      <input type="checkbox" checked={fields[key]} onChange={(e) => set({ [key]: e.target.checked })} />
      {label}
    </label>
  );

  return (
    <SettingsForm
      title="Sign-in providers"
      patch={patch}
      onSaved={(a) => {
        setSecrets({ discordClientSecret: '', githubClientSecret: '', oidcClientSecret: '' });
        onSaved(a);
      }}
    >
      <p className="muted">LAN sign-in with a team’s join code is always on.</p>
      <fieldset>
        <legend>Game platform</legend>
        {toggle('steamSignIn', 'Game-platform sign-in (OpenID, needs internet, no key)')}
      </fieldset>
      <fieldset>
        <legend>Chat platform</legend>
        {toggle('discordSignIn', 'Chat-platform sign-in (OAuth2)')}
        <div className="fields">
          {text('discordClientId', 'Client id')}
          {secret('discordClientSecret', 'Client secret')}
        </div>
      </fieldset>
      <fieldset>
        <legend>Code host</legend>
        {toggle('githubSignIn', 'Code-host sign-in (OAuth2)')}
        <div className="fields">
          {text('githubClientId', 'Client id')}
          {secret('githubClientSecret', 'Client secret')}
        </div>
      </fieldset>
      <fieldset>
        <legend>Single sign-on (OpenID Connect)</legend>
        {toggle('oidcSignIn', 'OpenID Connect sign-in')}
        <div className="fields">
          {text('oidcName', 'Button text')}
          {text('oidcIssuer', 'Issuer URL')}
          {text('oidcClientId', 'Client id')}
          {secret('oidcClientSecret', 'Client secret')}
          {text('oidcPlatformIdClaim', 'Claim holding the 17-digit platform id (optional)')}
        </div>
      </fieldset>
    </SettingsForm>
  );
}
