import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { Match } from '../../../../shared/contracts/matches.js';
import { lifecycleState, transition } from '../../../../shared/domain/match-lifecycle.js';
import { admin } from '../../api/admin.js';
import { ConfirmButton } from '../../components/ConfirmButton.js';
import { Spinner } from '../../components/Spinner.js';
import { useAction } from '../../components/use-action.js';
import { useMatchEvents } from '../../hooks/console-data.js';
import { ChooseWinner, decidable } from './ChooseWinner.js';
import { CorrectResult } from './CorrectResult.js';
import { MATCH_CONTROLS, type MatchControl } from './controls.js';
import { LiveBadge } from '../live/LiveBadge.js';
import { useAdminLiveData } from '../../stores/admin-live.js';
import { useLiveData } from '../../stores/live.js';

const INPUT_LABEL = {
  round: 'Round number (1 = start of the map)',
  seconds: 'Seconds to add',
  message: 'Message to all players',
  server: 'Move to server',
} as const;

/** One control: its input (if any) and a button, confirming first when it loses progress. */
function ControlForm({ match, control }: { match: Match; control: MatchControl }) {
  const { busy, run } = useAction();
  const { servers } = useAdminLiveData();
  const [value, setValue] = useState(control.input === 'seconds' ? '30' : '');
  const body = (): Record<string, unknown> => {
    switch (control.input) {
      case 'round':
        return { round: Number(value) };
      case 'seconds':
        return { seconds: Number(value) };
      case 'message':
        return { message: value };
      case 'server':
        return value ? { serverId: value } : {};
      default:
        return {};
    }
  };
  const go = () =>
    void run(() => admin.matchControl(match.slug, control.path, body()), `${control.label}: done`);
  const missing = (control.input === 'round' || control.input === 'message') && value.trim() === '';
  const inputId = `control-${control.path}`;
  return (
    <div className="control">
      {control.input && (
        <>
          <label htmlFor={inputId}>{INPUT_LABEL[control.input]}</label>
          {control.input === 'server' ? (
            <select id={inputId} value={value} onChange={(e) => setValue(e.target.value)}>
              <option value="">The first free server</option>
              {servers
                ?.filter((s) => s.availability.free && s.id !== match.serverId)
                .map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
            </select>
          ) : (
            <input
              id={inputId}
              type={control.input === 'message' ? 'text' : 'number'}
              min={1}
              value={value}
              onChange={(e) => setValue(e.target.value)}
            />
          )}
        </>
      )}
      {control.destructive ? (
        <ConfirmButton
          label={control.label}
          confirmLabel={`Confirm: ${control.label.toLowerCase()}`}
          busy={busy}
          disabled={missing}
          onConfirm={go}
        />
      ) : (
        <button type="button" className="primary" disabled={busy || missing} onClick={go}>
          {control.label}
        </button>
      )}
    </div>
  );
}

function RecentEvents({ match }: { match: Match }) {
  // Loaded again as the match moves on (scores, status).
  const { data, error } = useMatchEvents(match.slug, match);
  if (data === undefined && error === null) {
    return <Spinner />;
  }
  const events = (data ?? []).slice(-15).reverse();
  if (events.length === 0) {
    return <p className="muted">No event from the game server yet.</p>;
  }
  return (
    <ul className="event-list" aria-label="Recent server events">
      {events.map((e) => (
        <li key={e.id}>
          <code>{e.event}</code> <span className="muted">{e.outcome}</span>
        </li>
      ))}
    </ul>
  );
}

/** The organiser's window on one match: live score and state, the admin controls, and the server's events. */
export function MatchWindowPage() {
  const { slug = '' } = useParams();
  const { matches, tournament } = useLiveData();
  const match = matches[slug];
  if (!match) {
    return <main className="page">{tournament === undefined ? <Spinner /> : <p>No match "{slug}".</p>}</main>;
  }
  const state = lifecycleState(match);
  const judged = MATCH_CONTROLS.map((control) => ({
    control,
    verdict:
      control.unsupported === undefined
        ? transition(state, control.action)
        : ({ ok: false, message: control.unsupported } as const),
  }));
  const allowed = judged.filter((j) => j.verdict.ok);
  const refused = judged.filter((j) => !j.verdict.ok);

  return (
    <main className="page">
      <div className="page-head">
        <h1>{match.label}</h1>
        <LiveBadge />
      </div>
      <section className="panel match-head" aria-label="Score">
        <div className="score-line">
          <span>{match.team1?.name ?? match.team1Placeholder ?? 'TBD'}</span>
          <strong data-testid="map-score">
            {match.team1MapScore} : {match.team2MapScore}
          </strong>
          <span>{match.team2?.name ?? match.team2Placeholder ?? 'TBD'}</span>
        </div>
        <p>
          Status: <strong data-testid="match-status">{match.displayStatus}</strong>
          {match.phase && match.phase !== 'live' && ` (${match.phase})`} · series {match.team1SeriesScore}:
          {match.team2SeriesScore} · {match.format.toUpperCase()}
          {match.serverId && ` · server ${match.serverId}`}
        </p>
        <p>
          <Link to={`/matches/${encodeURIComponent(match.slug)}`}>Public match page</Link>
        </p>
      </section>
      {decidable(match) && (
        <section className="panel" aria-labelledby="winner-title">
          <h2 id="winner-title">Choose the winner</h2>
          {match.status === 'needs_decision' && (
            <p className="banner-warning">The series ended level: it waits for your decision.</p>
          )}
          <ChooseWinner match={match} />
        </section>
      )}
      {match.status === 'completed' && match.team1 && match.team2 && (
        <section className="panel" aria-labelledby="correct-title">
          <h2 id="correct-title">Correct result</h2>
          {match.correctedAt !== null && (
            <p className="muted">Corrected {new Date(match.correctedAt * 1000).toLocaleString()}.</p>
          )}
          <CorrectResult match={match} />
        </section>
      )}
      <section className="panel" aria-labelledby="controls-title">
        <h2 id="controls-title">Controls</h2>
        {allowed.length === 0 ? (
          <p className="muted">Nothing can be done to this match now.</p>
        ) : (
          <div className="control-grid">
            {allowed.map(({ control }) => (
              <ControlForm key={control.path} match={match} control={control} />
            ))}
          </div>
        )}
        {refused.length > 0 && (
          <details className="not-now">
            <summary>Not available now ({refused.length})</summary>
            <ul aria-label="Controls not available now">
              {refused.map(({ control, verdict }) => (
                <li key={control.path}>
                  <strong>{control.label}</strong>:{' '}
                  <span className="muted">{!verdict.ok && verdict.message}</span>
                </li>
              ))}
            </ul>
          </details>
        )}
      </section>
      <section className="panel" aria-labelledby="events-title">
        <h2 id="events-title">Recent server events</h2>
        <RecentEvents match={match} />
      </section>
    </main>
  );
}
