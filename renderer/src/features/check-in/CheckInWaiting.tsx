import { Link } from 'react-router';
import { Trans } from 'react-i18next';
import { Spinner } from '../../components/Spinner.js';
import { useT } from '../../i18n/index.js';

/**
 * What a check-in page shows before it has a check-in: that there is no tournament yet (the organiser
 * is pointed to the tournament page), why it could not load, or that it is loading.
 */
export function CheckInWaiting({
  noTournament,
  error,
  forAdmin,
}: {
  noTournament: boolean;
  error: string | null;
  forAdmin: boolean;
}) {
  const t = useT();
  return (
    <main className="page">
      <h1>{t('checkIn.title')}</h1>
      {noTournament ? (
        <p className="panel muted">
          {forAdmin ? (
            <Trans
              i18nKey="checkIn.noTournamentAdmin"
              components={{ setup: <Link to="/admin/tournament" /> }}
            />
          ) : (
            t('checkIn.noTournament')
          )}
        </p>
      ) : error ? (
        <p className="panel" role="alert">
          {error}
        </p>
      ) : (
        <Spinner />
      )}
    </main>
  );
}
