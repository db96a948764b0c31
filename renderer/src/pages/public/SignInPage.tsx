import { useSearchParams } from 'react-router';

const ERRORS: Record<string, string> = {
  'admin-link': 'That admin link was already used or has expired. Ask for a new one.',
};

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
        <h2>Organisers</h2>
        <p>
          On the laptop that runs Matchday, the desktop window signs you in as admin. On a headless start,
          open the one-time <strong>admin sign-in link</strong> that Matchday printed in its console.
        </p>
      </section>
    </main>
  );
}
