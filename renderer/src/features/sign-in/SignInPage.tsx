import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { endpoints } from '../../api/endpoints.js';
import { Spinner } from '../../components/Spinner.js';
import { useLanRoster } from '../../hooks/public-data.js';
import { useSession } from '../../stores/session.js';

const ERRORS: Record<string, string> = {
  'admin-link': 'That admin link was already used or has expired. Ask for a new one.',
};

/** Where to go after signing in: a path of this app only (never another site). */
function nextPath(value: string | null): string {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : '/me';
}

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

  const team = roster?.find((t) => t.id === teamId);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      signedIn(await endpoints.lanSignIn(platformId, code));
      await navigate(nextPath(params.get('next')));
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  if (!roster) {
    return loadError ? <p role="alert">{loadError}</p> : <Spinner />;
  }
  if (roster.length === 0) {
    return <p>No teams yet: the organiser adds them first.</p>;
  }
  return (
    <form className="stack" aria-label="LAN sign-in" onSubmit={(e) => void submit(e)}>
      {error && (
        <p className="banner-error" role="alert">
          {error}
        </p>
      )}
      <label htmlFor="lan-team">Your team</label>
      <select
        id="lan-team"
        value={teamId}
        onChange={(e) => {
          setTeamId(e.target.value);
          setPlatformId('');
        }}
        required
      >
        <option value="">Choose your team</option>
        {roster.map((t) => (
          <option key={t.id} value={t.id}>
            {t.name}
          </option>
        ))}
      </select>
      <label htmlFor="lan-player">You</label>
      <select
        id="lan-player"
        value={platformId}
        onChange={(e) => setPlatformId(e.target.value)}
        required
        disabled={!team}
      >
        <option value="">Choose your name</option>
        {team?.players.map((p) => (
          <option key={p.platformId} value={p.platformId}>
            {p.name}
          </option>
        ))}
      </select>
      <label htmlFor="lan-code">Team code</label>
      <input
        id="lan-code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        autoComplete="off"
        autoCapitalize="characters"
        required
      />
      <button type="submit" className="primary" disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}

export function SignInPage() {
  const [params] = useSearchParams();
  const error = ERRORS[params.get('error') ?? ''];
  return (
    <main className="page">
      <h1>Sign in</h1>
      {error && (
        <p className="panel banner-warning" role="alert">
          {error}
        </p>
      )}
      <section className="panel">
        <h2>Players</h2>
        <p className="muted">
          Pick your team and your name, then type the team code your organiser gave you.
        </p>
        <LanSignIn />
      </section>
      <section className="panel">
        <h2>Organisers</h2>
        <p>
          On the laptop that runs Matchday, the desktop window signs you in as admin. On a headless start,
          open the one-time <strong>admin sign-in link</strong> that Matchday printed in its console.
        </p>
      </section>
    </main>
  );
}
