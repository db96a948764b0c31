import { Link } from 'react-router';
import type { Match } from '../../../../shared/contracts/matches.js';
import { useT } from '../../i18n/index.js';
import { isLive } from './sections.js';
import { cardScore } from './card-score.js';
import { displayStatusText } from '../matches/status-text.js';

/**
 * An empty slot's name in the language in use: the API names it in English by the documented patterns
 * "Winner of <label>", "Loser of <label>" and "Group <g> #<place>" (decision 28); match labels stay.
 */
function slotName(t: ReturnType<typeof useT>, placeholder: string): string {
  const from = /^(Winner|Loser) of (.+)$/.exec(placeholder);
  if (from) {
    return t(from[1] === 'Winner' ? 'bracket.card.winnerOf' : 'bracket.card.loserOf', { match: from[2] });
  }
  const seat = /^Group (\S+) #(\d+)$/.exec(placeholder);
  return seat ? t('bracket.card.groupPlace', { group: seat[1], place: seat[2] }) : placeholder;
}

function Side({ match, side, score }: { match: Match; side: 'team1' | 'team2'; score: number }) {
  const t = useT();
  const team = match[side];
  const placeholder = side === 'team1' ? match.team1Placeholder : match.team2Placeholder;
  const won = team !== null && match.winnerId === team.id;
  const lost = match.winnerId !== null && team !== null && !won;
  // A series decided by an admin (or a walkover) has no maps: W and L say more than 0 and 0.
  const decidedWithoutMaps = match.team1SeriesScore + match.team2SeriesScore === 0 && match.winnerId !== null;
  const empty = match.displayStatus === 'BYE' ? t('bracket.card.bye') : t('common.tbd');
  const slot = placeholder === null ? null : slotName(t, placeholder);
  return (
    <div className={`mc-team${won ? ' won' : ''}${lost ? ' lost' : ''}`}>
      <span className={`mc-name${team ? '' : ' muted'}`} title={team?.name ?? slot ?? undefined}>
        {team?.name ?? slot ?? empty}
      </span>
      <span className="mc-score">
        {!team || match.status === 'pending'
          ? ''
          : decidedWithoutMaps
            ? t(won ? 'bracket.card.won' : 'bracket.card.lost')
            : score}
      </span>
    </div>
  );
}

/** One match in a bracket column: fixed size, so live score changes never move the layout. */
export function MatchCard({ match }: { match: Match }) {
  const t = useT();
  const live = isLive(match);
  const status = displayStatusText(match.displayStatus);
  const score = cardScore(match);
  return (
    <Link
      className={`match-card${live ? ' is-live' : ''}${match.status === 'needs_decision' ? ' is-attention' : ''}`}
      to={`/matches/${encodeURIComponent(match.slug)}`}
      data-slug={match.slug}
      aria-label={t('bracket.card.label', {
        label: match.label,
        team1: match.team1?.name ?? t('common.tbd'),
        team2: match.team2?.name ?? t('common.tbd'),
        status,
      })}
    >
      <div className="mc-head">
        <span className="mc-label">{match.label}</span>
        <span className={`mc-status${live ? ' live' : ''}`}>
          {score.unit
            ? t(`bracket.card.${match.phase === 'paused' ? 'paused' : 'live'}.${score.unit}`)
            : status}
        </span>
      </div>
      <Side match={match} side="team1" score={score.team1} />
      <Side match={match} side="team2" score={score.team2} />
    </Link>
  );
}
