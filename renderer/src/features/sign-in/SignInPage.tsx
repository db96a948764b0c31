import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Trans } from 'react-i18next';
import { endpoints } from '../../api/endpoints.js';
import { Spinner } from '../../components/Spinner.js';
import { useLanRoster } from '../../hooks/public-data.js';
import { useSession } from '../../stores/session.js';
import { errorText } from '../../i18n/error-text.js';
import { pathAfterSignIn } from './after-sign-in.js';
import { useT } from '../../i18n/index.js';

/** The `?error=` values the server redirects here with, and the key of what each says. */
const ERRORS: Record<string, 'signIn.error.adminLink'> = {
  'admin-link': 'signIn.error.adminLink',
};

/** LAN sign-in without internet: your name from your team's roster and the team code the organiser gave. */
function LanSignIn() {
  const { data: roster, error: loadError } = useLanRoster();
  const [teamId, setTeamId] = useState('');
  const [platformId, setPlatformId] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const signedIn = useSession((s) => s.signedIn);
  const t = useT();

  const team = roster?.find((r) => r.id === teamId);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      signedIn(await endpoints.lanSignIn(platformId, code));
      await navigate(pathAfterSignIn(params));
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  if (!roster) {
    return loadError ? <p role="alert">{loadError}</p> : <Spinner />;
  }
  if (roster.length === 0) {
    return <p>{t('signIn.lan.noTeams')}</p>;
  }
  return (
    <form className="stack" aria-label={t('signIn.lan.form')} onSubmit={(e) => void submit(e)}>
      {error && (
        <p className="banner-error" role="alert">
          {error}
        </p>
      )}
      <label htmlFor="lan-team">{t('signIn.lan.team')}</label>
      <select
        id="lan-team"
        value={teamId}
        onChange={(e) => {
          setTeamId(e.target.value);
          setPlatformId('');
        }}
        required
      >
        <option value="">{t('signIn.lan.chooseTeam')}</option>
        {roster.map((r) => (
          <option key={r.id} value={r.id}>
            {r.name}
          </option>
        ))}
      </select>
      <label htmlFor="lan-player">{t('signIn.lan.player')}</label>
      <select
        id="lan-player"
        value={platformId}
        onChange={(e) => setPlatformId(e.target.value)}
        required
        disabled={!team}
      >
        <option value="">{t('signIn.lan.chooseName')}</option>
        {team?.players.map((p) => (
          <option key={p.platformId} value={p.platformId}>
            {p.name}
          </option>
        ))}
      </select>
      <label htmlFor="lan-code">{t('signIn.lan.code')}</label>
      <input
        id="lan-code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        autoComplete="off"
        autoCapitalize="characters"
        required
      />
      <button type="submit" className="primary" disabled={busy}>
        {busy ? t('signIn.lan.busy') : t('signIn.lan.submit')}
      </button>
    </form>
  );
}

export function SignInPage() {
  const [params] = useSearchParams();
  const t = useT();
  const errorKey = ERRORS[params.get('error') ?? ''];
  return (
    <main className="page">
      <h1>{t('signIn.title')}</h1>
      {errorKey && (
        <p className="panel banner-warning" role="alert">
          {t(errorKey)}
        </p>
      )}
      <section className="panel">
        <h2>{t('signIn.players.title')}</h2>
        <p className="muted">{t('signIn.players.help')}</p>
        <LanSignIn />
      </section>
      <section className="panel">
        <h2>{t('signIn.organisers.title')}</h2>
        <p>
          <Trans i18nKey="signIn.organisers.help" components={{ strong: <strong /> }} />
        </p>
      </section>
    </main>
  );
}
