import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { endpoints } from '../../api/endpoints.js';
import { Spinner } from '../../components/Spinner.js';

export function DashboardPage() {
  const [teamCount, setTeamCount] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    endpoints
      .listTeams()
      .then((r) => setTeamCount(r.count))
      .catch((err: Error) => setError(err.message));
  }, []);
  return (
    <main className="page">
      <h1>Dashboard</h1>
      <section className="panel">
        {error && <p role="alert">{error}</p>}
        {!error && teamCount === null && <Spinner />}
        {teamCount !== null && (
          <p>
            {teamCount === 0 ? 'No teams yet.' : `${teamCount} team${teamCount === 1 ? '' : 's'}.`}{' '}
            <Link to="/admin/teams">Manage teams</Link>
          </p>
        )}
      </section>
    </main>
  );
}
