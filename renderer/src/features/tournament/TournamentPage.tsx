import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { ErrorDetail } from '../../../../shared/contracts/errors.js';
import { MATCH_FORMATS, OVERTIME_MODES } from '../../../../shared/contracts/matches.js';
import {
  GRAND_FINAL_MODES,
  SEEDING_MODES,
  TOURNAMENT_TYPES,
} from '../../../../shared/contracts/tournament.js';
import { admin } from '../../api/admin.js';
import { ApiError } from '../../api/client.js';
import { ConfirmButton } from '../../components/ConfirmButton.js';
import { Spinner } from '../../components/Spinner.js';
import { useTournamentSetup } from '../../hooks/console-data.js';
import { useLiveData } from '../../stores/live.js';
import { toast } from '../../stores/toasts.js';
import { applyTemplate, draftFrom, settingsFor, type Draft } from './draft.js';
import { GRAND_FINAL_LABELS, OVERTIME_LABELS, SEEDING_LABELS, STATUS_TEXT, TYPE_LABELS } from './labels.js';
import { MapPoolPicker } from './MapPoolPicker.js';
import { CheckInFields } from './CheckInFields.js';
import { SeedList } from './SeedList.js';
import { TemplatesPanel } from './TemplatesPanel.js';

/** The tournament wizard: create or edit the setup, start, reset, delete; templates. */
type Loaded = NonNullable<ReturnType<typeof useTournamentSetup>['data']>;

export function TournamentPage() {
  const formId = useId();
  const { data, error: loadError, refresh } = useTournamentSetup();
  // The organiser's edits to what was loaded last; every load starts again from what it answered.
  const [edited, setEdited] = useState<{ of: Loaded; draft: Draft } | null>(null);
  const draft = data ? (edited?.of === data ? edited.draft : draftFrom(data)) : null;
  const setDraft = (next: Draft) => data && setEdited({ of: data, draft: next });
  const [busy, setBusy] = useState<string | null>(null);
  const [problems, setProblems] = useState<ErrorDetail[]>([]);
  const [warnings, setWarnings] = useState<string[]>([]);
  // The live stream keeps the status current while the tournament runs.
  const liveTournament = useLiveData().tournament;
  const tournament =
    liveTournament?.id === data?.tournament?.id ? (liveTournament ?? null) : (data?.tournament ?? null);

  const reload = () => void refresh();

  if (loadError) {
    return (
      <main className="page">
        <p className="panel banner-error" role="alert">
          {loadError}
        </p>
      </main>
    );
  }
  if (!data || !draft) {
    return (
      <main className="page">
        <Spinner label="Loading the tournament…" />
      </main>
    );
  }

  const editable = tournament === null || tournament.status === 'setup';
  const setSettings = (patch: Partial<Draft['settings']>) =>
    setDraft({ ...draft, settings: { ...draft.settings, ...patch } });
  const nameOf = (id: string) => data.teams.find((t) => t.id === id)?.name ?? id;
  const unseeded = data.teams.filter((t) => !draft.teamIds.includes(t.id));

  /** Runs one of the page's actions with its feedback; reloads afterwards. */
  async function act(label: string, work: () => Promise<{ warnings?: string[] } | unknown>, done: string) {
    setBusy(label);
    setProblems([]);
    try {
      const result = (await work()) as { warnings?: string[] } | undefined;
      setWarnings(result?.warnings ?? []);
      toast('success', done);
      reload();
    } catch (err) {
      if (err instanceof ApiError && err.details.length > 0) {
        setProblems(err.details);
      }
      toast('error', (err as Error).message);
    } finally {
      setBusy(null);
    }
  }

  const body = () => ({
    name: draft.name,
    type: draft.type,
    format: draft.format,
    teamIds: draft.teamIds,
    settings: settingsFor(draft),
  });
  const save = () => (tournament ? admin.updateTournament(body()) : admin.createTournament(body()));
  const saveAndStart = async () => {
    const saved = await save();
    const started = await admin.startTournament();
    return { warnings: [...new Set([...saved.warnings, ...started.warnings])] };
  };

  return (
    <main className="page">
      <div className="page-head">
        <h1>Tournament</h1>
        {tournament && (
          <span
            className={`chip ${tournament.status === 'in_progress' ? 'ok' : ''}`}
            aria-label="Tournament status"
          >
            {STATUS_TEXT[tournament.status]}
          </span>
        )}
      </div>
      {!editable && (
        <p className="panel">
          The tournament has started: its setup is locked. <Link to="/bracket">Open the bracket</Link>, or
          reset it to change the setup.
        </p>
      )}
      {problems.length > 0 && (
        <section className="panel banner-error" role="alert" aria-label="Why it cannot start">
          <strong>The tournament cannot start yet:</strong>
          <ul className="problems">
            {problems.map((p) => (
              <li key={`${p.path}-${p.message}`}>
                {p.path}: {p.message}
              </li>
            ))}
          </ul>
        </section>
      )}
      {warnings.length > 0 && (
        <section className="panel banner-warning" aria-label="Warnings">
          {warnings.map((w) => (
            <p key={w}>{w}</p>
          ))}
        </section>
      )}
      <form
        className="panel"
        aria-label="Tournament setup"
        onSubmit={(e) => {
          e.preventDefault();
          void act('save', save, 'Tournament saved.');
        }}
      >
        <fieldset disabled={!editable}>
          <legend>Format</legend>
          <div className="fields">
            <div>
              <label htmlFor={`${formId}-name`}>Name</label>
              <input
                id={`${formId}-name`}
                value={draft.name}
                onChange={(e) => setDraft({ ...draft, name: e.target.value })}
              />
            </div>
            <div>
              <label htmlFor={`${formId}-type`}>Type</label>
              <select
                id={`${formId}-type`}
                value={draft.type}
                onChange={(e) => {
                  const type = e.target.value as Draft['type'];
                  // Switching type applies the grand final default (Simple).
                  setDraft({ ...draft, type, settings: { ...draft.settings, grandFinalMode: 'simple' } });
                }}
              >
                {/* Groups then playoffs needs the stage editor, which this form does not have yet. */}
                {TOURNAMENT_TYPES.filter((t) => t !== 'groups_playoffs').map((t) => (
                  <option key={t} value={t}>
                    {TYPE_LABELS[t]}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor={`${formId}-format`}>Match format</label>
              <select
                id={`${formId}-format`}
                value={draft.format}
                onChange={(e) => setDraft({ ...draft, format: e.target.value as Draft['format'] })}
              >
                {MATCH_FORMATS.map((f) => (
                  <option key={f} value={f}>
                    Best of {f.slice(2)} ({f})
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor={`${formId}-rounds`}>Max rounds per map</label>
              <input
                id={`${formId}-rounds`}
                type="number"
                min={2}
                max={60}
                value={draft.settings.maxRounds}
                onChange={(e) => setSettings({ maxRounds: Number(e.target.value) })}
              />
            </div>
            <div>
              <label htmlFor={`${formId}-overtime`}>Overtime</label>
              <select
                id={`${formId}-overtime`}
                value={draft.settings.overtimeMode}
                onChange={(e) =>
                  setSettings({ overtimeMode: e.target.value as Draft['settings']['overtimeMode'] })
                }
              >
                {OVERTIME_MODES.map((m) => (
                  <option key={m} value={m}>
                    {OVERTIME_LABELS[m]}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor={`${formId}-team-size`}>Players per team</label>
              <input
                id={`${formId}-team-size`}
                type="number"
                min={1}
                max={10}
                value={draft.settings.teamSize ?? 5}
                onChange={(e) => setSettings({ teamSize: Number(e.target.value) })}
              />
            </div>
            {draft.type === 'double_elimination' && (
              <div>
                <label htmlFor={`${formId}-gf`}>Grand final</label>
                <select
                  id={`${formId}-gf`}
                  value={draft.settings.grandFinalMode}
                  onChange={(e) =>
                    setSettings({ grandFinalMode: e.target.value as Draft['settings']['grandFinalMode'] })
                  }
                >
                  {GRAND_FINAL_MODES.map((m) => (
                    <option key={m} value={m}>
                      {GRAND_FINAL_LABELS[m]}
                    </option>
                  ))}
                </select>
              </div>
            )}
            {draft.type === 'swiss' && (
              <div>
                <label htmlFor={`${formId}-swiss`}>Swiss rounds</label>
                <input
                  id={`${formId}-swiss`}
                  type="number"
                  min={1}
                  max={20}
                  value={draft.settings.swissRounds ?? 5}
                  onChange={(e) => setSettings({ swissRounds: Number(e.target.value) })}
                />
              </div>
            )}
          </div>
          <label className="check">
            <input
              type="checkbox"
              checked={draft.settings.veto}
              onChange={(e) => setSettings({ veto: e.target.checked })}
            />
            Map veto by the teams (otherwise the pool’s maps are played in order)
          </label>
          {draft.type === 'single_elimination' && (
            <label className="check">
              <input
                type="checkbox"
                checked={draft.settings.thirdPlaceMatch}
                onChange={(e) => setSettings({ thirdPlaceMatch: e.target.checked })}
              />
              Third-place match
            </label>
          )}
        </fieldset>
        <CheckInFields
          value={draft.settings.checkIn}
          disabled={!editable}
          onChange={(checkIn) => setSettings({ checkIn })}
        />
        <MapPoolPicker
          maps={data.maps}
          pools={data.pools}
          selected={draft.settings.mapPool}
          veto={draft.settings.veto}
          disabled={!editable}
          onChange={(mapPool) => setSettings({ mapPool })}
        />
        {draft.type !== 'shuffle' && (
          <fieldset disabled={!editable}>
            <legend>Teams and seeding</legend>
            <div role="radiogroup" aria-label="Seeding" className="actions" style={{ marginTop: 0 }}>
              {SEEDING_MODES.map((m) => (
                <label key={m} className="check">
                  <input
                    type="radio"
                    name={`${formId}-seeding`}
                    checked={draft.settings.seeding === m}
                    onChange={() => setSettings({ seeding: m })}
                  />
                  {SEEDING_LABELS[m]}
                </label>
              ))}
            </div>
            <p className="muted">
              {draft.teamIds.length} team{draft.teamIds.length === 1 ? '' : 's'}
              {draft.settings.seeding === 'manual' && ': drag a team, or use ↑ and ↓, to set its seed.'}
            </p>
            <SeedList
              ids={draft.teamIds}
              nameOf={nameOf}
              reorderable={draft.settings.seeding === 'manual'}
              disabled={!editable}
              onChange={(teamIds) => setDraft({ ...draft, teamIds })}
            />
            {unseeded.length > 0 && (
              <div className="actions">
                <button
                  type="button"
                  onClick={() =>
                    setDraft({ ...draft, teamIds: [...draft.teamIds, ...unseeded.map((t) => t.id)] })
                  }
                >
                  Add all {unseeded.length} other teams
                </button>
                {unseeded.map((t) => (
                  <button
                    key={t.id}
                    type="button"
                    onClick={() => setDraft({ ...draft, teamIds: [...draft.teamIds, t.id] })}
                  >
                    + {t.name}
                  </button>
                ))}
              </div>
            )}
          </fieldset>
        )}
        {draft.type === 'shuffle' && (
          <p className="muted">
            A shuffle tournament draws its teams from a pool of registered players (POST
            /api/tournament/shuffle/players).
          </p>
        )}
        <div className="actions">
          {editable && (
            <>
              <button type="submit" disabled={busy !== null}>
                {busy === 'save' ? 'Saving…' : tournament ? 'Save changes' : 'Create tournament'}
              </button>
              <button
                type="button"
                className="primary"
                disabled={busy !== null}
                onClick={() => void act('start', saveAndStart, 'Tournament started.')}
              >
                {busy === 'start' ? 'Starting…' : 'Start tournament'}
              </button>
            </>
          )}
          {tournament && tournament.status !== 'setup' && (
            <ConfirmButton
              label="Reset"
              confirmLabel="Confirm reset: every match and result of this run is removed"
              busy={busy !== null}
              onConfirm={() => void act('reset', admin.resetTournament, 'Tournament reset to setup.')}
            />
          )}
          {tournament && (
            <ConfirmButton
              label="Delete tournament"
              confirmLabel="Confirm delete of the tournament and its matches"
              busy={busy !== null}
              onConfirm={() => void act('delete', admin.deleteTournament, 'Tournament deleted.')}
            />
          )}
        </div>
        {busy && <Spinner label="Working…" />}
      </form>
      <TemplatesPanel
        disabled={!editable}
        current={() => ({ type: draft.type, format: draft.format, settings: settingsFor(draft) })}
        onLoad={(template) => {
          setDraft(applyTemplate(draft, template));
          toast('success', `Template “${template.name}” loaded; save or start to use it.`);
        }}
      />
    </main>
  );
}
