import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { Match } from '../../../../shared/contracts/matches.js';
import { lifecycleState, transition } from '../../../../shared/domain/match-lifecycle.js';
import { skippedResult } from '../../../../shared/domain/veto.js';
import { admin } from '../../api/admin.js';
import { ConfirmButton } from '../../components/ConfirmButton.js';
import { Spinner } from '../../components/Spinner.js';
import { useAction } from '../../components/use-action.js';
import { useMatchEvents } from '../../hooks/console-data.js';
import { useMapNames } from '../../hooks/public-data.js';
import { ChooseWinner, decidable } from './ChooseWinner.js';
import { CorrectResult } from './CorrectResult.js';
import { LineupSwap } from './LineupSwap.js';
import { ForfeitMatch } from './ForfeitMatch.js';
import { JoinClockControl, waitsForPlayers } from './JoinClockControl.js';
import { MoveMatch, movable } from './MoveMatch.js';
import { MATCH_CONTROLS, type MatchControl } from './controls.js';
import { LiveBadge } from '../live/LiveBadge.js';
import { useAdminLiveData } from '../../stores/admin-live.js';
import { useLiveData } from '../../stores/live.js';
import { useT } from '../../i18n/index.js';
import { formatDateTime } from '../../i18n/format.js';
import { displayStatusText } from './status-text.js';
import { useMatchLabel } from '../../hooks/use-match-label.js';
import { eventOutcomeText } from '../../i18n/event-outcome.js';

/** One control: its input (if any) and a button, confirming first when it loses progress. */
function ControlForm({ match, control }: { match: Match; control: MatchControl }) {
  const { busy, run } = useAction();
  const { servers } = useAdminLiveData();
  const mapNames = useMapNames().data ?? {};
  const t = useT();
  const label = t(`matches.controls.action.${control.action}.label`);
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
  const serverName = (id: string | null) =>
    id === null ? null : (servers?.find((s) => s.id === id)?.name ?? id);
  const skipMaps = skippedResult(match.format, match.mapPool)
    .map((r) => mapNames[r.map] ?? r.map)
    .join(', ');
  /** What happened, in words: the answer's server, the input sent. */
  const outcome = (answer: { match: Match }) =>
    t(`matches.controls.outcome.${control.action}`, {
      server:
        control.action === 'reallocate'
          ? (serverName(answer.match.serverId) ?? t('matches.controls.nextFreeServer'))
          : (serverName(match.serverId) ?? t('matches.controls.theServer')),
      message: value,
      seconds: value,
      round: value,
      maps: skipMaps,
    });
  const go = async () => {
    const answer = await run(
      () => admin.matchControl(match.slug, control.path, body()),
      outcome,
      `control:${match.slug}:${control.path}`,
    );
    if (answer && control.input === 'message') {
      setValue('');
    }
  };
  const missing = (control.input === 'round' || control.input === 'message') && value.trim() === '';
  const inputId = `control-${control.path}`;
  return (
    <div className="control">
      {control.input && (
        <>
          <label htmlFor={inputId}>{t(`matches.controls.input.${control.input}`)}</label>
          {control.input === 'server' ? (
            <select id={inputId} value={value} onChange={(e) => setValue(e.target.value)}>
              <option value="">{t('matches.controls.firstFreeServer')}</option>
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
      {control.action === 'skip_veto' && (
        <p className="muted">{t('matches.controls.skipVetoPlays', { maps: skipMaps })}</p>
      )}
      {control.destructive ? (
        <ConfirmButton
          label={label}
          confirmLabel={t('matches.controls.confirm', {
            control: t(`matches.controls.action.${control.action}.lower`),
          })}
          busy={busy}
          disabled={missing}
          onConfirm={() => void go()}
        />
      ) : (
        <button type="button" className="primary" disabled={busy || missing} onClick={() => void go()}>
          {label}
        </button>
      )}
    </div>
  );
}

function RecentEvents({ match }: { match: Match }) {
  // Loaded again as the match moves on (scores, status).
  const { data, error } = useMatchEvents(match.slug, match);
  const t = useT();
  if (data === undefined && error === null) {
    return <Spinner />;
  }
  const events = (data ?? []).slice(-15).reverse();
  if (events.length === 0) {
    return <p className="muted">{t('matches.window.noEvents')}</p>;
  }
  return (
    <ul className="event-list" aria-label={t('matches.window.recentEvents')}>
      {events.map((e) => (
        <li key={e.id}>
          <code>{e.event}</code> <span className="muted">{eventOutcomeText(e.outcome)}</span>
        </li>
      ))}
    </ul>
  );
}

/** The organiser's window on one match: live score and state, the admin controls, and the server's events. */
export function MatchWindowPage() {
  const { slug = '' } = useParams();
  const { matches, tournament } = useLiveData();
  const t = useT();
  const match = matches[slug];
  const label = useMatchLabel();
  if (!match) {
    return (
      <main className="page">
        {tournament === undefined ? <Spinner /> : <p>{t('matches.window.notFound', { slug })}</p>}
      </main>
    );
  }
  const state = lifecycleState(match);
  const judged = MATCH_CONTROLS.map((control) => {
    const verdict = transition(state, control.action);
    const name = t(`matches.controls.action.${control.action}.name`);
    return {
      control,
      // Why it is not offered: the plugin can never do it, or the lifecycle forbids it in this state.
      refusal:
        control.unsupported !== undefined
          ? t(`matches.controls.unsupported.${control.unsupported}`)
          : verdict.ok
            ? null
            : t('matches.controls.refused', {
                action: name,
                state: t(`matches.lifecycleState.${verdict.state}`),
              }),
    };
  });
  const allowed = judged.filter((j) => j.refusal === null);
  const refused = judged.filter((j) => j.refusal !== null);
  const tbd = t('matches.tbd');

  return (
    <main className="page">
      <div className="page-head">
        <h1>{label(match.label)}</h1>
        <LiveBadge />
      </div>
      <section className="panel match-head" aria-label={t('matches.window.score')}>
        <div className="score-line">
          <span>{match.team1?.name ?? (match.team1Placeholder && label(match.team1Placeholder)) ?? tbd}</span>
          <strong data-testid="map-score">
            {match.team1MapScore} : {match.team2MapScore}
          </strong>
          <span>{match.team2?.name ?? (match.team2Placeholder && label(match.team2Placeholder)) ?? tbd}</span>
        </div>
        <p>
          {t('matches.window.status')}{' '}
          <strong data-testid="match-status">{displayStatusText(match.displayStatus)}</strong>
          {match.phase && match.phase !== 'live' && ` (${t(`matches.phaseLower.${match.phase}`)})`}
          {' · '}
          {t('matches.window.seriesLine', { team1: match.team1SeriesScore, team2: match.team2SeriesScore })}
          {' · '}
          {match.format.toUpperCase()}
          {match.serverId && ` · ${t('matches.window.onServer', { server: match.serverId })}`}
        </p>
        <p>
          <Link to={`/matches/${encodeURIComponent(match.slug)}`}>{t('matches.window.publicPage')}</Link>
        </p>
      </section>
      {decidable(match) && (
        <section className="panel" aria-labelledby="winner-title">
          <h2 id="winner-title">{t('matches.window.chooseWinner')}</h2>
          {match.status === 'needs_decision' && (
            <p className="banner-warning">{t('matches.window.levelWaits')}</p>
          )}
          <ChooseWinner match={match} />
        </section>
      )}
      {decidable(match) && (
        <section className="panel" aria-labelledby="forfeit-title">
          <h2 id="forfeit-title">{t('matches.window.forfeit')}</h2>
          <ForfeitMatch match={match} />
        </section>
      )}
      {match.status === 'completed' && match.team1 && match.team2 && (
        <section className="panel" aria-labelledby="correct-title">
          <h2 id="correct-title">{t('matches.window.correctResult')}</h2>
          {match.correctedAt !== null && (
            <p className="muted">
              {t('matches.window.corrected', { when: formatDateTime(match.correctedAt) })}
            </p>
          )}
          {match.forfeit?.note && (
            <p className="muted" data-testid="forfeit-note">
              {t('matches.window.forfeitNote', {
                team: [match.team1, match.team2]
                  .filter((side) => match.forfeit!.teamIds.includes(side.id))
                  .map((side) => side.name)
                  .join(', '),
                note: match.forfeit.note,
              })}
            </p>
          )}
          <CorrectResult match={match} />
        </section>
      )}
      {waitsForPlayers(match) && (
        <section className="panel" aria-labelledby="join-clock-title">
          <h2 id="join-clock-title">{t('matches.joinClock.title')}</h2>
          <JoinClockControl match={match} />
        </section>
      )}
      {movable(match) && (
        <section className="panel" aria-labelledby="move-title">
          <h2 id="move-title">{t('matches.move.title')}</h2>
          <p className="muted">{t('matches.move.explain')}</p>
          <MoveMatch match={match} />
        </section>
      )}
      <section className="panel" aria-labelledby="controls-title">
        <h2 id="controls-title">{t('matches.window.controls')}</h2>
        {allowed.length === 0 ? (
          <p className="muted">{t('matches.window.nothingNow')}</p>
        ) : (
          <div className="control-grid">
            {allowed.map(({ control }) => (
              <ControlForm key={control.path} match={match} control={control} />
            ))}
          </div>
        )}
        {refused.length > 0 && (
          <details className="not-now">
            <summary>{t('matches.window.notNow', { count: refused.length })}</summary>
            <ul aria-label={t('matches.window.notNowList')}>
              {refused.map(({ control, refusal }) => (
                <li key={control.path}>
                  <strong>{t(`matches.controls.action.${control.action}.label`)}</strong>:{' '}
                  <span className="muted">{refusal}</span>
                </li>
              ))}
            </ul>
          </details>
        )}
      </section>
      {match.team1 && match.team2 && match.status !== 'completed' && match.status !== 'cancelled' && (
        <section className="panel" aria-labelledby="lineup-title">
          <h2 id="lineup-title">{t('matches.lineup.title')}</h2>
          <LineupSwap match={match} />
        </section>
      )}
      <section className="panel" aria-labelledby="events-title">
        <h2 id="events-title">{t('matches.window.recentEvents')}</h2>
        <RecentEvents match={match} />
      </section>
    </main>
  );
}
