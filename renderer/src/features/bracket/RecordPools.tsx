import type { Match } from '../../../../shared/contracts/matches.js';
import { swissRoundPools } from '../../../../shared/domain/swiss-round-pools.js';
import { useT } from '../../i18n/index.js';
import { MatchCard } from './MatchCard.js';

/** A team as the final column lists it. */
export interface DecidedTeam {
  id: string;
  name: string;
  record: string;
  state: 'advanced' | 'eliminated' | 'playing';
}

/**
 * A Valve-style Swiss as HLTV and 5stack draw it: one column per round, each split into the record
 * pools its matches were paired in (0-0; 1-0, 0-1; 2-0, 1-1, 0-2 …), then the teams advanced and
 * eliminated with their records. Scrolls sideways on a narrow screen.
 */
export function RecordPools({
  matches,
  teams,
  label,
}: {
  matches: readonly Match[];
  teams: readonly DecidedTeam[];
  label: string;
}) {
  const t = useT();
  const rounds = swissRoundPools(
    matches
      .filter((m) => m.bracket === 'SWISS')
      .map((m) => ({
        match: m,
        round: m.round,
        team1Id: m.team1?.id ?? null,
        team2Id: m.team2?.id ?? null,
        winnerId: m.winnerId,
        decided: m.status === 'completed',
      })),
  );
  if (rounds.length === 0) {
    return <p className="muted">{t('bracket.view.empty')}</p>;
  }
  const decided = (state: DecidedTeam['state']) => teams.filter((team) => team.state === state);
  return (
    <div className="record-pools" role="group" aria-label={label} tabIndex={0} data-testid="record-pools">
      {rounds.map(({ round, pools, unpaired }) => (
        <section key={round} className="record-round" aria-label={t('bracket.pools.round', { round })}>
          <h3 className="bracket-column-title">{t('bracket.pools.round', { round })}</h3>
          {pools.length === 0 && unpaired > 0 && (
            <p className="record-pool muted">{t('bracket.pools.waiting', { round: round - 1 })}</p>
          )}
          {pools.map((pool) => (
            <div key={pool.record} className="record-pool" data-record={pool.record}>
              <h4>{pool.record}</h4>
              {pool.matches.map(({ match }) => (
                <MatchCard key={match.slug} match={match} />
              ))}
            </div>
          ))}
        </section>
      ))}
      <section className="record-round" aria-label={t('bracket.pools.decided')}>
        <h3 className="bracket-column-title">{t('bracket.pools.decided')}</h3>
        {(['advanced', 'eliminated'] as const).map((state) => (
          <div key={state} className={`record-pool record-${state}`} data-testid={`pool-${state}`}>
            <h4>{t(`bracket.pools.${state}`)}</h4>
            <ul>
              {decided(state).map((team) => (
                <li key={team.id}>
                  <span className="record">{team.record}</span> {team.name}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </section>
    </div>
  );
}
