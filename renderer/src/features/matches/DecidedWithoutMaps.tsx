import type { Match } from '../../../../shared/contracts/matches.js';
import type { DecisionWithoutMaps } from '../../../../shared/domain/match-display.js';
import { useT } from '../../i18n/index.js';

/** The score slot of a match decided without a map: how it was decided, not a 0 : 0. */
export function DecidedScore({ decision }: { decision: DecisionWithoutMaps }) {
  const t = useT();
  return <>{t(`matches.page.decidedScore.${decision.kind}`)}</>;
}

/** The maps panel's line for a match decided without a map: who won and how, instead of a map pool to play. */
export function DecidedWithoutMaps({ match, decision }: { match: Match; decision: DecisionWithoutMaps }) {
  const t = useT();
  const team = decision.winner ? match[decision.winner]?.name : undefined;
  if (decision.kind === 'forfeit') {
    const absent = [match.team1, match.team2]
      .filter((side) => side && decision.absentTeamIds.includes(side.id))
      .map((side) => side!.name)
      .join(', ');
    if (decision.reason === 'no_check_in') {
      return (
        <p>
          {team
            ? t('matches.page.decided.forfeit', { team, absent })
            : t('matches.page.decided.forfeitNoWinner', { absent })}
        </p>
      );
    }
    return (
      <p>
        {team
          ? t(`matches.page.decided.walkover.${decision.reason}`, { team, absent })
          : t('matches.page.decided.walkoverNoWinner', { absent })}
      </p>
    );
  }
  return (
    <p>{team ? t(`matches.page.decided.${decision.kind}`, { team }) : t('matches.page.decided.noWinner')}</p>
  );
}
