import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { endpoints, type Match, type PlayerTeam } from '../../api/endpoints.js';
import { copyWithToast } from '../../components/copy-text.js';
import { MatchEta } from '../../components/MatchEta.js';
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
  if (!details) {
    return <Spinner />;
  }
  return (
    <div className="connect-box">
      <p className="muted">Open the game console and paste:</p>
      <code className="connect-line" data-testid="connect-line">
        {details.console}
      </code>
      <div className="actions">
        <button
          type="button"
          className="primary"
          onClick={() => void copyWithToast(details.console, 'Connect command copied.').then(setCopied)}
        >
          {copied ? 'Copied' : 'Copy connect command'}
        </button>
        <a className="button" href={details.platformUrl}>
          Join in the game
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
  return (
    <p className="veto-turn panel" role="status">
      Waiting for a server
      {entry && (
        <span className="muted">
          {' '}
          · number {entry.position} in the queue
          {entry.reason === 'team_busy' ? ' (a team still plays another match)' : ''}
        </span>
      )}
    </p>
  );
}

function MatchPanel({
  team,
  match,
}: {
  team: NonNullable<PlayerTeam['team']>;
  match: Match | null | undefined;
}) {
  if (match === undefined) {
    return <Spinner />;
  }
  if (match === null) {
    return <p>{team.name} has no match right now. This page updates by itself.</p>;
  }
  const opponent = match.team1?.id === team.id ? match.team2 : match.team1;
  const title = `${team.name} vs ${opponent?.name ?? 'to be decided'}`;
  const vetoOpen =
    match.veto !== null && (match.veto.status === 'pending' || match.veto.status === 'in_progress');
  return (
    <div>
      <h3>{title}</h3>
      <p className="muted">
        {/* A tournament match's label says where it is in the bracket; a one-off's only repeats the title. */}
        {match.label !== title && `${match.label} · `}
        <Link to={`/matches/${encodeURIComponent(match.slug)}`}>Match page</Link>
      </p>
      <p>
        Status: <strong>{match.displayStatus}</strong>
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
          <Link className="button primary" to={`/veto/${encodeURIComponent(match.slug)}`}>
            Go to the map veto
          </Link>
        </p>
      )}
      {match.status === 'ready' && <Waiting slug={match.slug} />}
      {(match.status === 'loaded' || match.status === 'live') && <Connect match={match} />}
    </div>
  );
}

function ChatIdForm() {
  const stored = useMyChatId();
  // What the player typed; the stored chat id until then.
  const [typed, setTyped] = useState<string | null>(null);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const chatId = typed ?? stored.data ?? '';
  async function save(e: FormEvent) {
    e.preventDefault();
    try {
      const saved = await endpoints.setMyChatId(chatId.trim() ? chatId.trim() : null);
      stored.set(saved.chatId);
      setTyped(null);
      setMessage({ kind: 'ok', text: saved.chatId ? 'Chat id saved.' : 'Chat id removed.' });
    } catch (err) {
      setMessage({ kind: 'error', text: err instanceof Error ? err.message : String(err) });
    }
  }
  if (stored.data === undefined && stored.error === null) {
    return <Spinner />;
  }
  return (
    <form aria-label="Profile" onSubmit={(e) => void save(e)}>
      <label>
        Chat id (so the organiser and bots can reach you)
        <input value={chatId} onChange={(e) => setTyped(e.target.value)} maxLength={80} />
      </label>
      <div className="actions">
        <button type="submit">Save</button>
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
          <h1>My match</h1>
          <p>
            <Link to="/signin?next=/me">Sign in</Link> with your team code to see your match, the veto and how
            to join the server.
          </p>
        </section>
      </main>
    );
  }
  return (
    <main className="page">
      <div className="page-head">
        <h1>My match</h1>
        <span className="muted">{me.name ?? me.platformId}</span>
      </div>
      <section className="panel" aria-label="Current match">
        {team === null ? (
          <Spinner />
        ) : team.team === null ? (
          <p>You are not on a team of this tournament.</p>
        ) : (
          <>
            <CheckInButton teamId={team.team.id} />
            <MatchPanel team={team.team} match={match} />
          </>
        )}
      </section>
      <section className="panel" aria-labelledby="profile-title">
        <h2 id="profile-title">Profile</h2>
        <ChatIdForm />
      </section>
    </main>
  );
}
