import { useId, useState } from 'react';
import type { Settings, SettingsPatch } from '../../../../shared/contracts/settings.js';
import type { SettingsAnswer } from '../../api/admin.js';
import { useT } from '../../i18n/index.js';
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
  const t = useT();
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
        {t(answer.secretsSet[key] ? 'settings.signIn.secretSet' : 'settings.signIn.secretNotSet', { label })}
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
      title={t('settings.signIn.title')}
      patch={patch}
      onSaved={(a) => {
        setSecrets({ discordClientSecret: '', githubClientSecret: '', oidcClientSecret: '' });
        onSaved(a);
      }}
    >
      <p className="muted">{t('settings.signIn.lanAlwaysOn')}</p>
      <fieldset>
        <legend>{t('settings.signIn.gamePlatform')}</legend>
        {toggle('steamSignIn', t('settings.signIn.gamePlatformToggle'))}
      </fieldset>
      <fieldset>
        <legend>{t('settings.signIn.chatPlatform')}</legend>
        {toggle('discordSignIn', t('settings.signIn.chatPlatformToggle'))}
        <div className="fields">
          {text('discordClientId', t('settings.signIn.clientId'))}
          {secret('discordClientSecret', t('settings.signIn.clientSecret'))}
        </div>
      </fieldset>
      <fieldset>
        <legend>{t('settings.signIn.codeHost')}</legend>
        {toggle('githubSignIn', t('settings.signIn.codeHostToggle'))}
        <div className="fields">
          {text('githubClientId', t('settings.signIn.clientId'))}
          {secret('githubClientSecret', t('settings.signIn.clientSecret'))}
        </div>
      </fieldset>
      <fieldset>
        <legend>{t('settings.signIn.oidc')}</legend>
        {toggle('oidcSignIn', t('settings.signIn.oidcToggle'))}
        <div className="fields">
          {text('oidcName', t('settings.signIn.buttonText'))}
          {text('oidcIssuer', t('settings.signIn.issuer'))}
          {text('oidcClientId', t('settings.signIn.clientId'))}
          {secret('oidcClientSecret', t('settings.signIn.clientSecret'))}
          {text('oidcPlatformIdClaim', t('settings.signIn.platformIdClaim'))}
        </div>
      </fieldset>
    </SettingsForm>
  );
}
