import { preflightCheckSchema, type PreflightCheck } from '../../../../shared/contracts/preflight.js';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Trans } from 'react-i18next';
import type { ErrorDetail } from '../../../../shared/contracts/errors.js';
import type { StartPreview } from '../../../../shared/contracts/tournament-start.js';
import { refusedEdits, type TournamentField } from '../../../../shared/domain/tournament-rules.js';
import { admin } from '../../api/admin.js';
import { ApiError } from '../../api/client.js';
import { ConfirmButton } from '../../components/ConfirmButton.js';
import { Spinner } from '../../components/Spinner.js';
import { useTournamentSetup } from '../../hooks/console-data.js';
import { errorText } from '../../i18n/error-text.js';
import { useT } from '../../i18n/index.js';
import { useLiveData } from '../../stores/live.js';
import { toast } from '../../stores/toasts.js';
import { TournamentSwitcher } from './TournamentSwitcher.js';
import { ExportLinks } from '../exports/ExportLinks.js';
import { CheckInFields } from './CheckInFields.js';
import { JoinClockFields } from './JoinClockFields.js';
import { applyTemplate, bodyOf, draftFrom, setupOf, type Draft } from './draft.js';
import { isPlaced, ProblemsContext } from './FieldProblems.js';
import { draftProblems, withDraftProblems } from './draft-problems.js';
import { MapPoolPicker } from './MapPoolPicker.js';
import { RoundFormats } from './RoundFormats.js';
import { RulesFields } from './RulesFields.js';
import { StagesEditor } from './StagesEditor.js';
import { WithdrawPanel } from './WithdrawPanel.js';
import { StartPreviewDialog } from './StartPreviewDialog.js';
import { TeamsFields } from './TeamsFields.js';
import { TemplatesPanel } from './TemplatesPanel.js';
import { TimetablePanel } from './TimetablePanel.js';

/** The tournament wizard: create or edit the setup, start, reset, delete; templates. */
type Loaded = NonNullable<ReturnType<typeof useTournamentSetup>['data']>;

/** The checks a PREFLIGHT_FAILED answer carries in its details. */
const refusedChecksOf = (details: unknown): PreflightCheck[] =>
  preflightCheckSchema.array().catch([]).parse(details);

export function TournamentPage() {
  const t = useT();
  const formId = useId();
  const { data, error: loadError, refresh } = useTournamentSetup();
  // The organiser's edits to what was loaded last; every load starts again from what it answered.
  const [edited, setEdited] = useState<{ of: Loaded; draft: Draft } | null>(null);
  const draft = data
    ? edited?.of === data
      ? edited.draft
      : draftFrom(data, t('tournament.draft.defaultName'))
    : null;
  const setDraft = (next: Draft) => data && setEdited({ of: data, draft: next });
  const [busy, setBusy] = useState<string | null>(null);
  const [problems, setProblems] = useState<ErrorDetail[]>([]);
  const [warnings, setWarnings] = useState<string[]>([]);
  // The draw the Start button previewed, until it is confirmed or cancelled.
  const [preview, setPreview] = useState<StartPreview | null>(null);
  const [refused, setRefused] = useState<PreflightCheck[] | null>(null);
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
        <Spinner label={t('tournament.page.loading')} />
      </main>
    );
  }

  const status = tournament?.status ?? 'setup';
  const editable = status === 'setup';
  // What a PUT may change in this status (decision 25): after the start the name and the best-of only.
  const canEdit = (field: TournamentField) => refusedEdits(status, [field]).length === 0;
  const setSettings = (patch: Partial<Draft['settings']>) =>
    setDraft({ ...draft, settings: { ...draft.settings, ...patch } });
  const unplaced = problems.filter((p) => !isPlaced(p.path));
  // Checked while typing: the setup's problems show at their fields before any save.
  const typedProblems = editable ? draftProblems(draft) : [];

  /** Runs one of the page's actions with its feedback; reloads afterwards. */
  async function act(label: string, work: () => Promise<{ warnings?: string[] } | unknown>, done: string) {
    if ((label === 'save' || label === 'preview') && typedProblems.length > 0) {
      toast('error', t('tournament.check.fixFields'));
      return;
    }
    setBusy(label);
    setProblems([]);
    try {
      const result = (await work()) as { warnings?: string[] } | undefined;
      setWarnings(result?.warnings ?? []);
      toast('success', done);
      reload();
    } catch (err) {
      // The preflight's checks show in the start dialog, not as fields of the form.
      if (err instanceof ApiError && err.details.length > 0 && err.code !== 'PREFLIGHT_FAILED') {
        setProblems(err.details);
      }
      toast('error', errorText(err));
    } finally {
      setBusy(null);
    }
  }

  const save = () => {
    if (!tournament) {
      return admin.createTournament(bodyOf(draft));
    }
    if (editable) {
      return admin.updateTournament(bodyOf(draft));
    }
    return admin.updateTournament(
      canEdit('format') ? { name: draft.name, format: draft.format } : { name: draft.name },
    );
  };
  /** Saves the setup and shows the draw the start would make: starting is a decision (issue 31). */
  const saveAndPreview = async () => {
    const saved = await save();
    setPreview((await admin.previewStart()).preview);
    return { warnings: saved.warnings };
  };
  /** A start the preflight refused keeps the dialog open with the failed checks and "Start anyway". */
  const startPreviewed = async (drawToken: string, force = false) => {
    try {
      const started = await admin.startTournament(drawToken, force);
      setPreview(null);
      setRefused(null);
      return started;
    } catch (err) {
      if (err instanceof ApiError && err.code === 'PREFLIGHT_FAILED') {
        setRefused(refusedChecksOf(err.details));
      } else {
        setPreview(null);
      }
      throw err;
    }
  };

  return (
    <main className="page">
      <div className="page-head">
        <h1>{t('tournament.page.title')}</h1>
        <TournamentSwitcher onSwitched={reload} />
        {tournament && (
          <span
            className={`chip ${tournament.status === 'in_progress' ? 'ok' : ''}`}
            aria-label={t('tournament.page.statusLabel')}
          >
            {t(`tournament.status.${tournament.status}`)}
          </span>
        )}
      </div>
      {!editable && (
        <p className="panel">
          <Trans
            i18nKey={
              status === 'completed' ? 'tournament.page.lockedCompleted' : 'tournament.page.lockedRunning'
            }
            components={{ bracket: <Link to="/bracket" /> }}
          />
        </p>
      )}
      {problems.length > 0 && (
        <section className="panel banner-error" role="alert" aria-label={t('tournament.page.problemsLabel')}>
          <strong>{t('tournament.page.problems')}</strong>
          {unplaced.length > 0 && (
            <ul className="problems">
              {unplaced.map((p) => (
                <li key={`${p.path}-${p.message}`}>
                  {p.path}: {p.message}
                </li>
              ))}
            </ul>
          )}
          {unplaced.length < problems.length && (
            <p>{t('tournament.page.problemsAtFields', { count: problems.length - unplaced.length })}</p>
          )}
        </section>
      )}
      {warnings.length > 0 && (
        <section className="panel banner-warning" aria-label={t('tournament.page.warnings')}>
          {warnings.map((w) => (
            <p key={w}>{w}</p>
          ))}
        </section>
      )}
      <ProblemsContext.Provider value={withDraftProblems(typedProblems, problems)}>
        <form
          className="panel"
          aria-label={t('tournament.page.form')}
          onSubmit={(e) => {
            e.preventDefault();
            void act('save', save, t('tournament.page.saved'));
          }}
        >
          <RulesFields formId={formId} draft={draft} canEdit={canEdit} onChange={setDraft} />
          {draft.type === 'groups_playoffs' && draft.stages && (
            <StagesEditor
              draft={draft}
              stages={draft.stages}
              maps={data.maps}
              pools={data.pools}
              disabled={!editable}
              onChange={(stages) => setDraft({ ...draft, stages })}
            />
          )}
          {(draft.type === 'single_elimination' || draft.type === 'double_elimination') && (
            <RoundFormats
              type={draft.type}
              teamCount={draft.teamIds.length}
              thirdPlace={draft.settings.thirdPlaceMatch}
              grandFinal={draft.settings.grandFinalMode !== 'none'}
              rounds={draft.settings.rounds}
              inherited={{ format: draft.format, mapPool: draft.settings.mapPool }}
              path="settings.rounds"
              maps={data.maps}
              pools={data.pools}
              veto={draft.settings.veto}
              disabled={!editable}
              onChange={(rounds) => setSettings({ rounds })}
            />
          )}
          <CheckInFields
            value={draft.settings.checkIn}
            disabled={!editable}
            onChange={(checkIn) => setSettings({ checkIn })}
          />
          <JoinClockFields
            formId={formId}
            value={draft.settings}
            disabled={!editable}
            onChange={(clock) => setSettings(clock)}
          />
          <MapPoolPicker
            maps={data.maps}
            pools={data.pools}
            selected={draft.settings.mapPool}
            veto={draft.settings.veto}
            disabled={!editable}
            path="settings.mapPool"
            onChange={(mapPool) => setSettings({ mapPool })}
          />
          <TeamsFields
            formId={formId}
            draft={draft}
            teams={data.teams}
            disabled={!editable}
            onChange={setDraft}
          />
          <div className="actions">
            <button type="submit" disabled={busy !== null}>
              {busy === 'save'
                ? t('tournament.page.saving')
                : tournament
                  ? t('tournament.page.save')
                  : t('tournament.page.create')}
            </button>
            {editable && (
              <button
                type="button"
                className="primary"
                disabled={busy !== null}
                onClick={() => void act('preview', saveAndPreview, t('tournament.preview.ready'))}
              >
                {busy === 'preview' ? t('tournament.preview.drawing') : t('tournament.page.start')}
              </button>
            )}
            {tournament && tournament.status !== 'setup' && (
              <ConfirmButton
                label={t('tournament.page.reset')}
                confirmLabel={t('tournament.page.resetConfirm')}
                busy={busy !== null}
                onConfirm={() => void act('reset', admin.resetTournament, t('tournament.page.resetDone'))}
              />
            )}
            {tournament && (
              <ConfirmButton
                label={t('tournament.page.delete')}
                confirmLabel={t('tournament.page.deleteConfirm')}
                busy={busy !== null}
                onConfirm={() => void act('delete', admin.deleteTournament, t('tournament.page.deleted'))}
              />
            )}
          </div>
          {busy && <Spinner label={t('tournament.page.working')} />}
        </form>
        {preview && (
          <StartPreviewDialog
            preview={preview}
            busy={busy === 'start'}
            refusedChecks={refused}
            onConfirm={() =>
              void act('start', () => startPreviewed(preview.drawToken), t('tournament.page.started'))
            }
            onForce={() =>
              void act('start', () => startPreviewed(preview.drawToken, true), t('tournament.page.started'))
            }
            onCancel={() => {
              setPreview(null);
              setRefused(null);
            }}
          />
        )}
      </ProblemsContext.Provider>
      {tournament && (
        <TimetablePanel
          key={`${tournament.id}-${JSON.stringify(tournament.settings.schedule)}`}
          tournament={tournament}
          onSaved={reload}
        />
      )}
      {tournament && !editable && (
        <section className="panel" aria-label={t('exports.title')}>
          <h2>{t('exports.title')}</h2>
          <p className="muted">{t('exports.hint')}</p>
          <ExportLinks tournamentId={tournament.id} tables={['results', 'standings', 'players']} />
        </section>
      )}
      {tournament?.status === 'in_progress' && tournament.type !== 'shuffle' && (
        <WithdrawPanel tournament={tournament} teams={data.teams} />
      )}
      <TemplatesPanel
        disabled={!editable}
        current={() => setupOf(draft)}
        onLoad={(template) => {
          setDraft(applyTemplate(draft, template));
          toast('success', t('tournament.templates.loaded', { name: template.name }));
        }}
      />
    </main>
  );
}
