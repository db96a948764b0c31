import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { endpoints, type Health } from '../../api/endpoints.js';
import { ApiError } from '../../api/client.js';

export function HomePage() {
  const [health, setHealth] = useState<Health | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    endpoints
      .health()
      .then(setHealth)
      .catch((err: unknown) =>
        setError(err instanceof ApiError ? err.message : 'Matchday is not reachable.'),
      );
  }, []);

  return (
    <main className="page">
      <h1>Matchday</h1>
      <section className="panel">
        {error ? (
          <p role="alert">{error}</p>
        ) : (
          <p className="muted">
            {health ? `Server running, version ${health.version}.` : 'Checking the server…'}
          </p>
        )}
        <p>
          Organisers: open the <Link to="/admin">admin console</Link>. Scripts and bots: the{' '}
          <a href="/api-docs">API reference</a>.
        </p>
      </section>
    </main>
  );
}
