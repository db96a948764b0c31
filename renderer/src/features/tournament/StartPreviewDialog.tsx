import { useEffect, useRef } from 'react';
import type { StartPreview } from '../../../../shared/contracts/tournament-start.js';
import { useT } from '../../i18n/index.js';
import type { PreflightCheck } from '../../../../shared/contracts/preflight.js';
import { PreflightChecks } from '../preflight/PreflightChecks.js';
import './start-preview.css';

type DrawTeam = StartPreview['seeds'][number];
type Pairing = StartPreview['firstRound'][number];

interface Props {
  preview: StartPreview;
  busy: boolean;
  /** The failed checks of a start the preflight refused (API.md decision 57); null before. */
  refusedChecks: readonly PreflightCheck[] | null;
  onConfirm(): void;
  /** Starts although the preflight failed. */
  onForce(): void;
  onCancel(): void;
}

function TeamName({ team }: { team: DrawTeam }) {
  const t = useT();
  return (
    <span className="draw-team">
      {team.seed !== null && (
        <span className="draw-seed" aria-label={t('tournament.preview.seedLabel', { seed: team.seed })}>
          {team.seed}
        </span>
      )}
      {team.name}
    </span>
  );
}

function Pairings({ pairs, resting }: { pairs: readonly Pairing[]; resting: boolean }) {
  const t = useT();
  return (
    <ol className="draw-pairs">
      {pairs.map((p) => (
        <li key={`${p.team1.id}-${p.team2?.id ?? 'bye'}`}>
          <TeamName team={p.team1} />
          {p.team2 ? (
            <>
              <span className="draw-vs">{t('tournament.preview.versus')}</span>
              <TeamName team={p.team2} />
            </>
          ) : (
            <span className="chip">
              {resting ? t('tournament.preview.rests') : t('tournament.preview.bye')}
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}

/**
 * The start as a decision (issue 31): the draw the start will make, groups side by side or the first
 * round as a list, the teams left out and the warnings; starting confirms exactly this draw.
 */
export function StartPreviewDialog({ preview, busy, refusedChecks, onConfirm, onForce, onCancel }: Props) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) {
      dialog.showModal();
    }
    return () => dialog?.close();
  }, []);
  const resting = preview.oddTeamRests;
  return (
    <dialog
      ref={ref}
      className="start-preview"
      aria-labelledby="start-preview-title"
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
    >
      <h2 id="start-preview-title">{t('tournament.preview.title')}</h2>
      <p className="muted">
        {t('tournament.preview.summary', {
          count: preview.seeds.length,
          type: t(`tournament.type.${preview.type}`),
          seeding: t(`tournament.preview.seeding.${preview.seeding}`),
        })}
      </p>
      {preview.seeding === 'random' && <p className="muted">{t('tournament.preview.randomKept')}</p>}
      {preview.groups.length > 0 ? (
        <div className="draw-groups">
          {preview.groups.map((g) => (
            <section
              key={g.name}
              className="draw-group"
              aria-label={t('tournament.preview.group', { name: g.name })}
            >
              <h3>{t('tournament.preview.group', { name: g.name })}</h3>
              <ol className="draw-seeds">
                {g.teams.map((team) => (
                  <li key={team.id}>
                    <TeamName team={team} />
                  </li>
                ))}
              </ol>
              <h4>{t('tournament.preview.firstRound')}</h4>
              <Pairings pairs={preview.firstRound.filter((p) => p.group === g.name)} resting={resting} />
            </section>
          ))}
        </div>
      ) : preview.firstRound.length > 0 ? (
        <section aria-label={t('tournament.preview.firstRound')}>
          <h3>{t('tournament.preview.firstRound')}</h3>
          <Pairings pairs={preview.firstRound} resting={resting} />
        </section>
      ) : (
        <p>{t('tournament.preview.noPairings')}</p>
      )}
      {preview.droppedTeams.length > 0 && (
        <section className="draw-note" aria-label={t('tournament.preview.dropped')}>
          <h3>{t('tournament.preview.dropped')}</h3>
          <p>{preview.droppedTeams.map((team) => team.name).join(', ')}</p>
        </section>
      )}
      {preview.forfeitTeams.length > 0 && (
        <section className="draw-note" aria-label={t('tournament.preview.forfeit')}>
          <h3>{t('tournament.preview.forfeit')}</h3>
          <p>{preview.forfeitTeams.map((team) => team.name).join(', ')}</p>
        </section>
      )}
      {preview.warnings.length > 0 && (
        <section className="draw-note" aria-label={t('tournament.page.warnings')}>
          <h3>{t('tournament.page.warnings')}</h3>
          <ul>
            {preview.warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </section>
      )}
      {refusedChecks && (
        <section className="draw-note" role="alert" aria-label={t('preflight.start.title')}>
          <h3>{t('preflight.start.title')}</h3>
          <PreflightChecks checks={refusedChecks} />
        </section>
      )}
      <div className="actions">
        {refusedChecks ? (
          <button type="button" className="danger" disabled={busy} onClick={onForce}>
            {busy ? t('tournament.page.starting') : t('preflight.start.anyway')}
          </button>
        ) : (
          <button type="button" className="primary" disabled={busy} onClick={onConfirm}>
            {busy ? t('tournament.page.starting') : t('tournament.preview.confirm')}
          </button>
        )}
        <button type="button" disabled={busy} onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </dialog>
  );
}
