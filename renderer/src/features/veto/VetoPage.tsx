import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTournamentLink } from '../../hooks/use-tournament-link.js';
import { Trans } from 'react-i18next';
import type { VetoActionBody } from '../../../../shared/contracts/veto.js';
import { endpoints, type VetoBoard } from '../../api/endpoints.js';
import { Spinner } from '../../components/Spinner.js';
import { useMapName, useMe, usePlayerTeam, useVetoBoard } from '../../hooks/public-data.js';
import { VetoSteps } from '../bracket/MatchExtras.js';
import { newerBoard, playerSide, vetoPrompt, type Side } from '../../../../shared/domain/veto-prompt.js';
import { useLive } from '../../stores/live.js';
import { errorText } from '../../i18n/error-text.js';
import { useT } from '../../i18n/index.js';
import { mapStartText, promptText } from './veto-text.js';

interface MySide {
  /** The player's side of the match; null for anyone else (signed out, admin, another team). */
  side: Side | null;
  /** False until the session and the player's teams are known (no "Waiting for" your own team meanwhile). */
  known: boolean;
  signedIn: boolean | undefined;
  isPlayer: boolean;
}

/** The side of the match the signed-in player plays. */
function useMySide(board: VetoBoard | null): MySide {
  const me = useMe();
  // A player whose teams cannot be read plays for none of them.
  const teams = usePlayerTeam(me?.platformId);
  const signedIn = me?.authenticated;
  const isPlayer = me?.role === 'player';
  if (me === undefined || (me.platformId && teams.data === undefined && teams.error === null)) {
    return { side: null, known: false, signedIn, isPlayer };
  }
  const ids = teams.data?.teams.map((team) => team.id) ?? [];
  const side = board && me.platformId ? playerSide(board, ids) : null;
  return { side, known: true, signedIn, isPlayer };
}

/** The veto of one match: whose turn, the maps left, and the result; the other team's moves arrive live. */
/** Who bans first and why (decision 78): the coin toss's winner or the better seed; team 1 says nothing. */
function StarterNote({ board }: { board: VetoBoard }) {
  const t = useT();
  if (board.starterRule === 'team1') {
    return null;
  }
  const team = board[board.starter]?.name ?? t('common.tbd');
  return (
    <p className="panel veto-starter" data-testid="veto-starter">
      {board.coinToss !== null
        ? t('veto.starter.coinToss', { team })
        : t('veto.starter.higherSeed', { team })}
    </p>
  );
}

/** A grand final started one map up (decision 78): the veto runs in full, its decider is never played. */
function AdvantageNote({ board }: { board: VetoBoard }) {
  const t = useT();
  if (!board.mapAdvantage) {
    return null;
  }
  const team = board[board.mapAdvantage]?.name ?? t('matches.page.advantage.upperTeam');
  return <p className="panel veto-starter">{t('veto.advantage', { team })}</p>;
}

export function VetoPage() {
  const { slug = '' } = useParams();
  const [refused, setRefused] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Loaded again whenever the match changes on the live stream (the other team acted).
  const liveMatch = useLive((s) => s.matches[slug]);
  const veto = useVetoBoard(slug, liveMatch);
  const board = veto.data ?? null;
  const { side, known, signedIn, isPlayer } = useMySide(board);
  const t = useT();
  const link = useTournamentLink();
  const mapLabel = useMapName();

  async function act(action: Omit<VetoActionBody, 'version'>) {
    if (!board) {
      return;
    }
    setBusy(true);
    try {
      const answer = await endpoints.vetoAction(slug, { ...action, version: board.version });
      veto.set((current) => newerBoard(current ?? null, answer.veto));
      setRefused(null);
    } catch (err) {
      setRefused(errorText(err));
      await veto.refresh();
    } finally {
      setBusy(false);
    }
  }

  if (!board) {
    return <main className="page">{veto.error ? <p role="alert">{veto.error}</p> : <Spinner />}</main>;
  }
  const prompt = vetoPrompt(board, side);
  const canChoose = prompt.myTurn && !busy;
  const done = board.status === 'completed' || board.status === 'skipped';

  return (
    <main className="page veto">
      <div className="page-head">
        <h1>
          {board.team1?.name ?? t('common.tbd')} vs {board.team2?.name ?? t('common.tbd')}
        </h1>
        <span className="muted">{t('veto.title', { format: board.format.toUpperCase() })}</span>
      </div>
      {refused && (
        <div className="panel banner-error veto-refused" role="alert">
          <p>
            <strong>{t('veto.refused')}</strong> {refused}
          </p>
          <p className="muted">{t('veto.refusedHint')}</p>
          <button type="button" onClick={() => setRefused(null)}>
            {t('common.dismiss')}
          </button>
        </div>
      )}
      {known ? (
        <p
          className={`panel veto-turn${prompt.myTurn ? ' veto-my-turn' : ''}`}
          role="status"
          aria-live="polite"
        >
          {promptText(prompt, mapLabel)}
          {!done && (
            <span className="muted">
              {' '}
              {t('veto.step', { step: Math.min(board.step + 1, board.totalSteps), total: board.totalSteps })}
            </span>
          )}
        </p>
      ) : (
        <div className="panel veto-turn">
          <Spinner />
        </div>
      )}
      <StarterNote board={board} />
      <AdvantageNote board={board} />
      {signedIn === false && !done && (
        <p className="panel">
          <Trans
            i18nKey="veto.signIn"
            components={[<Link key="sign-in" to={`/signin?next=${encodeURIComponent(`/veto/${slug}`)}`} />]}
          />
        </p>
      )}
      {isPlayer && known && side === null && !done && <p className="panel muted">{t('veto.spectator')}</p>}
      {!done && board.currentAction === 'side' && prompt.myTurn && (
        <section className="panel" aria-label={t('veto.chooseSide')}>
          <div className="actions">
            <button
              type="button"
              className="primary"
              disabled={!canChoose}
              onClick={() => void act({ action: 'side', side: 'ct' })}
            >
              {t('veto.startCt')}
            </button>
            <button
              type="button"
              className="primary"
              disabled={!canChoose}
              onClick={() => void act({ action: 'side', side: 't' })}
            >
              {t('veto.startT')}
            </button>
          </div>
        </section>
      )}
      <ul className="veto-pool" aria-label={t('veto.mapPool')}>
        {board.pool.map((entry) => {
          const action =
            board.currentAction === 'ban' || board.currentAction === 'pick' ? board.currentAction : null;
          return (
            <li key={entry.map} className={`veto-map veto-${entry.state}`}>
              <strong>{mapLabel(entry.map)}</strong>
              {entry.state === 'available' ? (
                action &&
                prompt.myTurn && (
                  <button
                    type="button"
                    className={action === 'ban' ? 'danger' : 'primary'}
                    disabled={!canChoose}
                    aria-label={t(action === 'ban' ? 'veto.banMap' : 'veto.pickMap', {
                      map: mapLabel(entry.map),
                    })}
                    onClick={() => void act({ action, map: entry.map })}
                  >
                    {/* The card's title names the map. */}
                    {t(action === 'ban' ? 'veto.ban' : 'veto.pick')}
                  </button>
                )
              ) : (
                <span className="muted">
                  {entry.by
                    ? t(`veto.stateBy.${entry.state}`, { team: board[entry.by]?.name ?? entry.by })
                    : t(`veto.state.${entry.state}`)}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {board.maps.length > 0 && (
        <section className="panel" aria-labelledby="veto-result">
          <h2 id="veto-result">{t('veto.mapsToPlay')}</h2>
          <ol className="veto-result">
            {board.maps.map((m) => (
              <li key={m.number}>
                <strong>{mapLabel(m.map)}</strong>{' '}
                <span className="muted">
                  {m.pickedBy === 'decider'
                    ? t('veto.decider')
                    : t('veto.pickedBy', { team: board[m.pickedBy]?.name ?? m.pickedBy })}{' '}
                  · {mapStartText(board, m.side)}
                </span>
              </li>
            ))}
          </ol>
          <p>
            <Trans i18nKey="veto.next" components={[<Link key="me" to={link('/me')} />]} />
          </p>
        </section>
      )}
      {board.history.length > 0 && (
        <section className="panel" aria-labelledby="veto-history">
          <h2 id="veto-history">{t('veto.history')}</h2>
          <VetoSteps board={board} />
        </section>
      )}
    </main>
  );
}
