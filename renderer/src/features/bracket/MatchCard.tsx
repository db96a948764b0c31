import { Link } from 'react-router';
import type { Match } from '../../../../shared/contracts/matches.js';
import { isLive } from './sections.js';

function Side({ match, side }: { match: Match; side: 'team1' | 'team2' }) {
  const team = match[side];
  const placeholder = side === 'team1' ? match.team1Placeholder : match.team2Placeholder;
  const won = team !== null && match.winnerId === team.id;
  const lost = match.winnerId !== null && team !== null && !won;
  const score = side === 'team1' ? match.team1SeriesScore : match.team2SeriesScore;
  // A series decided by an admin (or a walkover) has no maps: W and L say more than 0 and 0.
  const decidedWithoutMaps = match.team1SeriesScore + match.team2SeriesScore === 0 && match.winnerId !== null;
  return (
    <div className={`mc-team${won ? ' won' : ''}${lost ? ' lost' : ''}`}>
      <span className={`mc-name${team ? '' : ' muted'}`} title={team?.name ?? placeholder ?? undefined}>
        {team?.name ?? placeholder ?? (match.displayStatus === 'BYE' ? 'BYE' : 'TBD')}
      </span>
      <span className="mc-score">
        {!team || match.status === 'pending' ? '' : decidedWithoutMaps ? (won ? 'W' : 'L') : score}
      </span>
    </div>
  );
}

/** One match in a bracket column: fixed size, so live score changes never move the layout. */
export function MatchCard({ match }: { match: Match }) {
  const live = isLive(match);
  return (
    <Link
      className={`match-card${live ? ' is-live' : ''}${match.status === 'needs_decision' ? ' is-attention' : ''}`}
      to={`/matches/${encodeURIComponent(match.slug)}`}
      data-slug={match.slug}
      aria-label={`${match.label}: ${match.team1?.name ?? 'TBD'} vs ${match.team2?.name ?? 'TBD'}, ${match.displayStatus}`}
    >
      <div className="mc-head">
        <span className="mc-label">{match.label}</span>
        <span className={`mc-status${live ? ' live' : ''}`}>
          {live && match.status === 'live'
            ? `${match.phase === 'paused' ? 'Paused' : 'Live'} ${match.team1MapScore}:${match.team2MapScore}`
            : match.displayStatus}
        </span>
      </div>
      <Side match={match} side="team1" />
      <Side match={match} side="team2" />
    </Link>
  );
}
