import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Trans } from 'react-i18next';
import { endpoints, type Match, type PlayerTeam } from '../../api/endpoints.js';
import { copyWithToast } from '../../components/copy-text.js';
import { JoinCountdown } from '../../components/JoinCountdown.js';
import { MatchEta } from '../../components/MatchEta.js';
import { PlannedTimes } from '../../components/PlannedTimes.js';
import { Spinner } from '../../components/Spinner.js';
import {
  useAllocationStatus,
  useMatchConnect,
  useMe,
  useMyChatId,
  usePlayerTeam,
  useTeamMatch,
} from '../../hooks/public-data.js';
import { useLive } from '../../stores/live.js';
import { CheckInButton } from '../check-in/CheckInButton.js';
import { LineupPanel } from './LineupPanel.js';
import { CallAdmin } from './CallAdmin.js';
import { displayStatusText } from '../matches/status-text.js';
import { errorText } from '../../i18n/error-text.js';
import { useT } from '../../i18n/index.js';
import { matchLabelText } from '../../i18n/match-label.js';
import { useTournamentLink } from '../../hooks/use-tournament-link.js';

/** The statuses of the matches (of one team, or all): a string that changes only when one moves on. */
function statusKey(matches: Match[], teamId: string | null): string {
  return matches
    .filter((m) => teamId === null || m.team1?.id === teamId || m.team2?.id === teamId)
    .map((m) => `${m.slug}:${m.status}`)
    .sort()
    .join(',');
}

/** The signed-in player's current match, kept current by the live stream. */
function useMyMatch(teamId: string | null): Match | null | undefined {
  // The team's next match may start or appear when one of its matches changes status.
  const teamStatuses = useLive((s) => statusKey(Object.values(s.matches), teamId));
  const { data: fetched, error } = useTeamMatch(teamId, teamStatuses);
  const live = useLive((s) => (fetched ? s.matches[fetched.slug] : undefined));
  return error ? null : (live ?? fetched);
}

function Connect({ match }: { match: Match }) {
  const { data: details } = useMatchConnect(match.slug, `${match.serverId}:${match.status}`);
  const [copied, setCopied] = useState(false);
  const t = useT();
  if (!details) {
    return <Spinner />;
  }
  return (
    <div className="connect-box">
      <p className="muted">{t('me.connect.paste')}</p>
      <code className="connect-line" data-testid="connect-line">
        {details.console}
      </code>
      <div className="actions">
        <button
          type="button"
          className="primary"
          onClick={() => void copyWithToast(details.console, t('me.connect.copiedToast')).then(setCopied)}
        >
          {copied ? t('me.connect.copied') : t('me.connect.copy')}
        </button>
        <a className="button" href={details.platformUrl}>
          {t('me.connect.join')}
        </a>
      </div>
    </div>
  );
}

function Waiting({ slug }: { slug: string }) {
  // The queue moves when any match changes status (loaded, completed).
  const allStatuses = useLive((s) => statusKey(Object.values(s.matches), null));
  const { data: status } = useAllocationStatus(allStatuses);
  const entry = status?.waiting.find((w) => w.slug === slug);
  const t = useT();
  return (
    <p className="veto-turn panel" role="status">
      {t('me.waiting.server')}
      {entry && (
        <span className="muted">
          {' · '}
          {t('me.waiting.position', { position: entry.position })}
          {entry.reason === 'team_busy' && ` ${t('me.waiting.teamBusy')}`}
          {entry.reason === 'timetable' && ` ${t('me.waiting.timetable')}`}
        </span>
      )}
    </p>
  );
}

/** The planned times of the match's tournament (API.md decision 75). */
function MatchTimetable({ match }: { match: Match }) {
  const tournament = useLive((s) => s.tournament);
  return tournament && tournament.id === match.tournamentId ? <PlannedTimes tournament={tournament} /> : null;
}

function MatchPanel({
  team,
  match,
}: {
  team: NonNullable<PlayerTeam['team']>;
  match: Match | null | undefined;
}) {
  const t = useT();
  const link = useTournamentLink();
  if (match === undefined) {
    return <Spinner />;
  }
  if (match === null) {
    return <p>{t('me.match.none', { team: team.name })}</p>;
  }
  const opponent = match.team1?.id === team.id ? match.team2 : match.team1;
  const title = t('me.match.title', {
    team: team.name,
    opponent: opponent?.name ?? t('me.match.opponentUnknown'),
  });
  const vetoOpen =
    match.veto !== null && (match.veto.status === 'pending' || match.veto.status === 'in_progress');
  return (
    <div>
      <h3>{title}</h3>
      <p className="muted">
        {/* A tournament match's label says where it is in the bracket; a one-off's only repeats the title. */}
        {match.label !== title && `${matchLabelText(match.label)} · `}
        <Link to={link(`/matches/${encodeURIComponent(match.slug)}`)}>{t('me.match.page')}</Link>
      </p>
      <p>
        {t('me.match.status')} <strong>{displayStatusText(match.displayStatus)}</strong>
        {match.status === 'live' && ` · ${match.team1MapScore}:${match.team2MapScore}`}
        {match.eta && (
          <>
            {' · '}
            <MatchEta eta={match.eta} />
          </>
        )}
      </p>
      {vetoOpen && match.status === 'pending' && opponent && (
        <p>
          <Link className="button primary" to={link(`/veto/${encodeURIComponent(match.slug)}`)}>
            {t('me.match.goToVeto')}
          </Link>
        </p>
      )}
      {match.status === 'ready' && <Waiting slug={match.slug} />}
      {(match.status === 'ready' || match.status === 'pending') && <MatchTimetable match={match} />}
      <JoinCountdown match={match} />
      {(match.status === 'loaded' || match.status === 'live') && <Connect match={match} />}
      {['pending', 'ready', 'loaded', 'live'].includes(match.status) && (
        <LineupPanel match={match} teamId={team.id} />
      )}
    </div>
  );
}

function ChatIdForm() {
  const stored = useMyChatId();
  // What the player typed; the stored chat id until then.
  const [typed, setTyped] = useState<string | null>(null);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const t = useT();
  const chatId = typed ?? stored.data ?? '';
  async function save(e: FormEvent) {
    e.preventDefault();
    try {
      const saved = await endpoints.setMyChatId(chatId.trim() ? chatId.trim() : null);
      stored.set(saved.chatId);
      setTyped(null);
      setMessage({ kind: 'ok', text: saved.chatId ? t('me.profile.saved') : t('me.profile.removed') });
    } catch (err) {
      setMessage({ kind: 'error', text: errorText(err) });
    }
  }
  if (stored.data === undefined && stored.error === null) {
    return <Spinner />;
  }
  return (
    <form aria-label={t('me.profile.title')} onSubmit={(e) => void save(e)}>
      <label>
        {t('me.profile.chatId')}
        <input value={chatId} onChange={(e) => setTyped(e.target.value)} maxLength={80} />
      </label>
      <div className="actions">
        <button type="submit">{t('common.save')}</button>
      </div>
      {message && (
        <p
          className={message.kind === 'ok' ? 'ok-text' : 'banner-error'}
          role={message.kind === 'ok' ? 'status' : 'alert'}
        >
          {message.text}
        </p>
      )}
    </form>
  );
}

/** "My match": where the signed-in player's team plays, the veto, and how to join the server. */
export function MePage() {
  const me = useMe();
  const team = usePlayerTeam(me?.platformId).data ?? null;
  const match = useMyMatch(team?.team?.id ?? null);
  const t = useT();

  if (me === undefined) {
    return (
      <main className="page">
        <Spinner />
      </main>
    );
  }
  if (!me.authenticated || !me.platformId) {
    return (
      <main className="page">
        <section className="panel">
          <h1>{t('me.title')}</h1>
          <p>
            <Trans i18nKey="me.signInFirst" components={[<Link key="sign-in" to="/signin?next=/me" />]} />
          </p>
        </section>
      </main>
    );
  }
  return (
    <main className="page">
      <div className="page-head">
        <h1>{t('me.title')}</h1>
        <span className="muted">{me.name ?? me.platformId}</span>
      </div>
      <section className="panel" aria-label={t('me.currentMatch')}>
        {team === null ? (
          <Spinner />
        ) : team.team === null ? (
          <p>{t('me.notOnTeam')}</p>
        ) : (
          <>
            <CheckInButton teamId={team.team.id} />
            <MatchPanel team={team.team} match={match} />
          </>
        )}
      </section>
      <section className="panel" aria-labelledby="call-admin-title">
        <h2 id="call-admin-title">{t('me.callAdmin.title')}</h2>
        <CallAdmin />
      </section>
      <section className="panel" aria-labelledby="profile-title">
        <h2 id="profile-title">{t('me.profile.title')}</h2>
        <ChatIdForm />
      </section>
    </main>
  );
}
