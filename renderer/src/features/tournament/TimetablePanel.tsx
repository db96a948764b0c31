import { useState } from 'react';
import type { ScheduleSettings } from '../../../../shared/contracts/timetable.js';
import type { Tournament } from '../../../../shared/contracts/tournament.js';
import { admin } from '../../api/admin.js';
import { useAction } from '../../components/use-action.js';
import { formatTime } from '../../i18n/format.js';
import { useT } from '../../i18n/index.js';
import { fromLocal, toLocal } from './local-time.js';

type Row = { key: string; notBefore: number | null };

/**
 * The timetable editor (API.md decision 75): round start times, breaks, the automatic start, and the
 * Pause/Resume of new loads. Saved on its own: the timetable stays editable while the tournament runs.
 */
export function TimetablePanel({ tournament, onSaved }: { tournament: Tournament; onSaved(): void }) {
  const t = useT();
  const stored = tournament.settings.schedule;
  const [rounds, setRounds] = useState<Row[]>(() =>
    Object.entries(stored.rounds).map(([key, r]) => ({ key, notBefore: r.notBefore })),
  );
  const [breaks, setBreaks] = useState<ScheduleSettings['breaks']>(stored.breaks);
  const [autoStartAt, setAutoStartAt] = useState(stored.autoStartAt);
  const { run, busy } = useAction();
  const { timetable } = tournament;
  const done = tournament.status === 'completed';

  const save = () =>
    run(
      () =>
        admin.updateTournament({
          settings: {
            schedule: {
              rounds: Object.fromEntries(
                rounds.flatMap((r) =>
                  r.notBefore === null ? [] : [[r.key.trim(), { notBefore: r.notBefore }]],
                ),
              ),
              breaks,
              autoStartAt,
            },
          },
        }),
      t('tournament.timetable.saved'),
    ).then(onSaved);
  const pause = (paused: boolean) =>
    run(
      () => (paused ? admin.pauseTournament(tournament.id) : admin.resumeTournament(tournament.id)),
      paused ? t('tournament.timetable.pausedDone') : t('tournament.timetable.resumedDone'),
    ).then(onSaved);

  return (
    <section className="panel timetable" aria-label={t('tournament.timetable.title')}>
      <h2>{t('tournament.timetable.title')}</h2>
      <p className="timetable-state" role="status">
        {timetable.paused
          ? t('tournament.timetable.paused')
          : timetable.currentBreak
            ? t('tournament.timetable.inBreak', {
                name: timetable.currentBreak.name,
                time: formatTime(timetable.currentBreak.to),
              })
            : t('tournament.timetable.running')}
      </p>
      {timetable.autoStartProblem && (
        <p className="banner-error" role="alert">
          {t('tournament.timetable.autoStartRefused', { reason: timetable.autoStartProblem })}
        </p>
      )}
      {timetable.warnings.map((w) => (
        <p className="banner-warning" key={w.round}>
          {t('tournament.timetable.warning', {
            round: w.round,
            next: w.nextRound,
            time: formatTime(w.nextNotBefore),
          })}
        </p>
      ))}
      <fieldset disabled={done || busy}>
        <legend>{t('tournament.timetable.rounds')}</legend>
        <p className="muted">{t('tournament.timetable.roundsHint')}</p>
        {rounds.map((r, i) => (
          <div className="timetable-row" key={i}>
            <label>
              {t('tournament.timetable.roundKey')}{' '}
              <input
                value={r.key}
                placeholder="main.R1"
                onChange={(e) =>
                  setRounds(rounds.map((x, j) => (j === i ? { ...x, key: e.target.value } : x)))
                }
              />
            </label>
            <label>
              {t('tournament.timetable.notBefore')}{' '}
              <input
                type="datetime-local"
                value={toLocal(r.notBefore)}
                onChange={(e) =>
                  setRounds(
                    rounds.map((x, j) => (j === i ? { ...x, notBefore: fromLocal(e.target.value) } : x)),
                  )
                }
              />
            </label>
            <button type="button" onClick={() => setRounds(rounds.filter((_, j) => j !== i))}>
              {t('tournament.timetable.remove')}
            </button>
          </div>
        ))}
        <button type="button" onClick={() => setRounds([...rounds, { key: '', notBefore: null }])}>
          {t('tournament.timetable.addRound')}
        </button>
      </fieldset>
      <fieldset disabled={done || busy}>
        <legend>{t('tournament.timetable.breaks')}</legend>
        {breaks.map((b, i) => {
          const set = (patch: Partial<(typeof breaks)[number]>) =>
            setBreaks(breaks.map((x, j) => (j === i ? { ...x, ...patch } : x)));
          return (
            <div className="timetable-row" key={i}>
              <label>
                {t('tournament.timetable.breakName')}{' '}
                <input value={b.name} onChange={(e) => set({ name: e.target.value })} />
              </label>
              <label>
                {t('tournament.timetable.from')}{' '}
                <input
                  type="datetime-local"
                  value={toLocal(b.from)}
                  onChange={(e) => set({ from: fromLocal(e.target.value) ?? b.from })}
                />
              </label>
              <label>
                {t('tournament.timetable.to')}{' '}
                <input
                  type="datetime-local"
                  value={toLocal(b.to)}
                  onChange={(e) => set({ to: fromLocal(e.target.value) ?? b.to })}
                />
              </label>
              <button type="button" onClick={() => setBreaks(breaks.filter((_, j) => j !== i))}>
                {t('tournament.timetable.remove')}
              </button>
            </div>
          );
        })}
        <button
          type="button"
          onClick={() => {
            const from = Math.ceil(Date.now() / 1000 / 3600) * 3600;
            setBreaks([...breaks, { name: t('tournament.timetable.lunch'), from, to: from + 3600 }]);
          }}
        >
          {t('tournament.timetable.addBreak')}
        </button>
      </fieldset>
      <fieldset disabled={tournament.status !== 'setup' || busy}>
        <legend>{t('tournament.timetable.autoStart')}</legend>
        <label>
          {t('tournament.timetable.autoStartAt')}{' '}
          <input
            type="datetime-local"
            value={toLocal(autoStartAt)}
            onChange={(e) => setAutoStartAt(fromLocal(e.target.value))}
          />
        </label>
      </fieldset>
      <div className="actions">
        <button type="button" className="primary" disabled={done || busy} onClick={() => void save()}>
          {t('tournament.timetable.save')}
        </button>
        {!done && (
          <button type="button" disabled={busy} onClick={() => void pause(!timetable.paused)}>
            {timetable.paused ? t('tournament.timetable.resume') : t('tournament.timetable.pause')}
          </button>
        )}
      </div>
    </section>
  );
}
