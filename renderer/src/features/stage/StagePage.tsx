import { useState } from 'react';
import type { Match } from '../../../../shared/contracts/matches.js';
import { waitingForNextMap } from '../../../../shared/domain/match-lifecycle.js';
import { endpoints } from '../../api/endpoints.js';
import { MatchEta } from '../../components/MatchEta.js';
import { useStageQueue } from '../../hooks/public-data.js';
import { errorText } from '../../i18n/error-text.js';
import { useT } from '../../i18n/index.js';
import { matchLabelText } from '../../i18n/match-label.js';
import { toast } from '../../stores/toasts.js';

/** A manual match's default label ("Alpha vs Bravo") only repeats the team names shown beside it. */
const namesOnlyTheTeams = (m: Match): boolean =>
  m.team1 !== null && m.team2 !== null && m.label === `${m.team1.name} vs ${m.team2.name}`;

/** `/stage` (decision 76): the casters' queue of the matches on stage, with Go for a match in warmup. */
export function StagePage() {
  const t = useT();
  const queue = useStageQueue();
  const [pressing, setPressing] = useState<string | null>(null);

  async function go(slug: string, label: string) {
    setPressing(slug);
    try {
      await endpoints.stageGo(slug);
      toast('success', t('stage.started', { label }));
    } catch (err) {
      toast('error', errorText(err));
    } finally {
      setPressing(null);
    }
  }

  return (
    <section className="panel">
      <h1>{t('stage.title')}</h1>
      <p className="muted">{t('stage.intro')}</p>
      {queue.data?.length === 0 && <p>{t('stage.empty')}</p>}
      <ol className="stage-queue">
        {(queue.data ?? []).map((m) => (
          <li key={m.slug} className="stage-queue-item" data-testid="stage-match">
            <strong>
              {m.team1?.name ?? t('common.tbd')} – {m.team2?.name ?? t('common.tbd')}
            </strong>{' '}
            {!namesOnlyTheTeams(m) && <span className="muted">{matchLabelText(m.label)}</span>}{' '}
            {m.status === 'live' && !waitingForNextMap(m) && <span>{t('stage.live')}</span>}
            {waitingForNextMap(m) && (
              <span>{t('stage.nextMap', { map: m.team1SeriesScore + m.team2SeriesScore + 1 })}</span>
            )}
            {m.status === 'loaded' && <span>{t('stage.held')}</span>}
            {(m.status === 'ready' || m.status === 'pending') && (
              <>
                <span>{t('stage.waiting')}</span> <MatchEta eta={m.eta} />
              </>
            )}
            {((m.status === 'loaded' && m.goAt === null) || waitingForNextMap(m)) && (
              <button type="button" disabled={pressing === m.slug} onClick={() => void go(m.slug, m.label)}>
                {t('stage.go')}
              </button>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
