import { Fragment, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Match, MatchStatus } from '../../../../shared/contracts/matches.js';
import { playGroup, playOrder, rowState } from '../../../../shared/domain/match-order.js';
import { startTimeForm } from '../../../../shared/domain/start-time-form.js';
import { ChooseWinner, decidable } from './ChooseWinner.js';
import { rowStateText } from './status-text.js';
import { ETA_TICK_MS, MatchEta } from '../../components/MatchEta.js';
import { useNow } from '../../hooks/use-now.js';
import { Spinner } from '../../components/Spinner.js';
import { useT } from '../../i18n/index.js';
import { PHONE_QUERY, useMediaQuery } from '../../hooks/use-media-query.js';
import { useAdminLiveData } from '../../stores/admin-live.js';
import { useLiveData } from '../../stores/live.js';
import { useMatchLabel } from '../../hooks/use-match-label.js';

/** The state filter: every stored state, in the order a match passes through them. */
const STATE_FILTERS = [
  'all',
  'ready',
  'loaded',
  'live',
  'needs_decision',
  'pending',
  'completed',
  'cancelled',
] as const satisfies readonly (MatchStatus | 'all')[];

/** The list's columns; each is headed by `matches.list.<column>`. */
const COLUMNS = ['match', 'teams', 'server', 'state', 'winner'] as const;
type Column = (typeof COLUMNS)[number];

/**
 * Deciding a winner ends the series: the team buttons appear only after "Choose winner…", and each
 * asks to be confirmed; on a live row a note says the match on its server ends.
 */
function WinnerAction({ match }: { match: Match }) {
  const [open, setOpen] = useState(false);
  const t = useT();
  if (!open) {
    return (
      <button type="button" onClick={() => setOpen(true)}>
        {t('matches.list.chooseWinner')}
      </button>
    );
  }
  return (
    <div>
      {(match.status === 'live' || match.status === 'loaded') && (
        <p className="warn-text" role="note">
          {t('matches.list.onServerNote')}
        </p>
      )}
      <ChooseWinner match={match} />
      <button type="button" onClick={() => setOpen(false)}>
        {t('matches.list.close')}
      </button>
    </div>
  );
}

/**
 * Every match in play order with its server and its state in words, live; filterable by state. A table,
 * or on a phone one card per match (the table's five columns were cut off there).
 */
export function MatchesPage() {
  const { matches, tournament } = useLiveData();
  const { servers } = useAdminLiveData();
  const t = useT();
  const phone = useMediaQuery(PHONE_QUERY);
  const label = useMatchLabel();
  const now = useNow(ETA_TICK_MS);
  const [state, setState] = useState<MatchStatus | 'all'>('all');
  const ordered = playOrder(Object.values(matches));
  const queue = ordered.filter((m) => playGroup(m) === 'queue');
  const list = ordered.filter((m) => state === 'all' || m.status === state);
  const serverName = (id: string | null) =>
    id === null ? '—' : (servers?.find((s) => s.id === id)?.name ?? id);
  const tbd = t('matches.tbd');
  const etaForm = startTimeForm(
    list.flatMap((m) => (m.eta ? [m.eta.startsAt] : [])),
    now,
  );
  /** What the list says of a match, column by column (a table row, or a card on a phone). */
  const fields = (m: Match): Record<Column, ReactNode> => ({
    match: <Link to={`/admin/matches/${encodeURIComponent(m.slug)}`}>{label(m.label)}</Link>,
    teams: t('matches.versus', {
      team1: m.team1?.name ?? (m.team1Placeholder && label(m.team1Placeholder)) ?? tbd,
      team2: m.team2?.name ?? (m.team2Placeholder && label(m.team2Placeholder)) ?? tbd,
    }),
    server: serverName(m.serverId),
    state: (
      <>
        {rowStateText(rowState(m, queue.includes(m) ? queue.indexOf(m) : undefined))}
        {m.eta && (
          <div>
            <MatchEta eta={m.eta} form={etaForm} />
          </div>
        )}
      </>
    ),
    winner: decidable(m) ? (
      <WinnerAction match={m} />
    ) : (
      (m.winnerId && [m.team1, m.team2].find((team) => team?.id === m.winnerId)?.name) || '—'
    ),
  });
  return (
    <main className="page">
      <h1>{t('matches.list.title')}</h1>
      <div className="actions">
        <label htmlFor="match-state-filter">{t('matches.list.stateFilter')}</label>
        <select
          id="match-state-filter"
          value={state}
          onChange={(e) => setState(e.target.value as MatchStatus | 'all')}
        >
          {STATE_FILTERS.map((value) => (
            <option key={value} value={value}>
              {t(`matches.list.filter.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <section className={phone ? 'match-cards' : 'panel table-wrap'}>
        {tournament === undefined ? (
          <Spinner label={t('matches.list.loading')} />
        ) : list.length === 0 ? (
          <p className="muted">{t('matches.list.empty')}</p>
        ) : phone ? (
          <ul className="card-list" aria-label={t('matches.list.table')}>
            {list.map((m) => {
              const f = fields(m);
              return (
                <li key={m.slug} className="panel match-row-card" aria-label={label(m.label)}>
                  <h2>{f.match}</h2>
                  <dl className="kv">
                    {COLUMNS.slice(1).map((column) => (
                      <Fragment key={column}>
                        <dt>{t(`matches.list.${column}`)}</dt>
                        <dd>{f[column]}</dd>
                      </Fragment>
                    ))}
                  </dl>
                </li>
              );
            })}
          </ul>
        ) : (
          <table aria-label={t('matches.list.table')}>
            <thead>
              <tr>
                {COLUMNS.map((column) => (
                  <th key={column} scope="col">
                    {t(`matches.list.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {list.map((m) => {
                const f = fields(m);
                return (
                  <tr key={m.slug} aria-label={label(m.label)}>
                    {COLUMNS.map((column) => (
                      <td key={column}>{f[column]}</td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </section>
    </main>
  );
}
