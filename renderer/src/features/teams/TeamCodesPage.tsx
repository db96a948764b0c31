import { Link } from 'react-router';
import type { Team } from '../../../../shared/contracts/teams.js';
import type { JoinInfo } from '../../../../shared/contracts/connect.js';
import { Spinner } from '../../components/Spinner.js';
import { useTeams } from '../../hooks/console-data.js';
import { useJoinInfo } from '../../hooks/public-data.js';
import { useT } from '../../i18n/index.js';

/** One team's A4 sheet: its name, its sign-in code, and the address players open with its QR code. */
function CodeSheet({ team, join }: { team: Team; join: JoinInfo }) {
  const t = useT();
  return (
    <article className="code-sheet" aria-label={t('teams.codes.sheetOf', { name: team.name })}>
      <h2 className="code-sheet-team">{team.name}</h2>
      <p className="code-sheet-label">{t('teams.codes.yourCode')}</p>
      <p className="code-sheet-code" data-testid="sheet-code">
        {team.joinCode}
      </p>
      <img
        className="code-sheet-qr"
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(join.qrSvg)}`}
        alt={t('teams.codes.qrOf', { url: join.playersUrl })}
        width={240}
        height={240}
      />
      <p className="code-sheet-url">{join.playersUrl}</p>
      <p>{t('teams.codes.howTo')}</p>
    </article>
  );
}

/** Every team's sign-in sheet, one per printed page; the console around it is left off the print. */
export function TeamCodesPage() {
  const { data: teams, error: teamsError } = useTeams();
  const { data: join, error: joinError } = useJoinInfo();
  const error = teamsError ?? joinError;
  const t = useT();
  const ready = teams !== undefined && join !== undefined;

  return (
    <main className="page">
      <div className="print-hide">
        <h1>{t('teams.codes.title')}</h1>
        <p className="muted">{t('teams.codes.help')}</p>
        <div className="actions">
          <button type="button" className="primary" disabled={!teams?.length} onClick={() => window.print()}>
            {t('teams.codes.print')}
          </button>
          <Link className="button" to="/admin/teams">
            {t('teams.codes.back')}
          </Link>
        </div>
      </div>
      {error && !ready ? (
        <p className="panel" role="alert">
          {error}
        </p>
      ) : !ready ? (
        <Spinner label={t('teams.codes.loading')} />
      ) : teams.length === 0 ? (
        <p className="panel muted">{t('teams.codes.noTeams')}</p>
      ) : (
        <div className="code-sheets">
          {teams.map((team) => (
            <CodeSheet key={team.id} team={team} join={join} />
          ))}
        </div>
      )}
    </main>
  );
}
