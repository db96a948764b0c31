import { Link } from 'react-router';
import type { Match } from '../../../../shared/contracts/matches.js';
import { useT } from '../../i18n/index.js';
import { isLive } from './sections.js';
import { matchLabelText } from '../../i18n/match-label.js';
import type { LastRounds } from '../../../../shared/domain/match-label.js';
import { cardScore } from './card-score.js';
import { displayStatusText } from '../matches/status-text.js';
import { useWithdrawnTeams } from './use-withdrawn.js';
import { useTournamentLink } from '../../hooks/use-tournament-link.js';

function Side({
  match,
  side,
  score,
  lastRounds,
}: {
  match: Match;
  side: 'team1' | 'team2';
  score: number;
  lastRounds: LastRounds;
}) {
  const t = useT();
  const withdrawn = useWithdrawnTeams();
  const team = match[side];
  const placeholder = side === 'team1' ? match.team1Placeholder : match.team2Placeholder;
  const won = team !== null && match.winnerId === team.id;
  const lost = match.winnerId !== null && team !== null && !won;
  // A series decided by an admin (or a walkover) has no maps: W and L say more than 0 and 0.
  const decidedWithoutMaps =
    match.forfeit !== null ||
    (match.team1SeriesScore + match.team2SeriesScore === 0 && match.winnerId !== null);
  const empty = match.displayStatus === 'BYE' ? t('bracket.card.bye') : t('common.tbd');
  const slot = placeholder === null ? null : matchLabelText(placeholder, lastRounds);
  return (
    <div className={`mc-team${won ? ' won' : ''}${lost ? ' lost' : ''}`}>
      <span className={`mc-name${team ? '' : ' muted'}`} title={team?.name ?? slot ?? undefined}>
        {team?.name ?? slot ?? empty}
        {team && withdrawn.has(team.id) && <span className="mc-withdrawn">{t('bracket.withdrawn')}</span>}
      </span>
      {/* A slot still to fill has no score: its name ("Winner of UB Semi-final 1") takes the whole line. */}
      {team && (
        <span className="mc-score">
          {match.status === 'pending'
            ? ''
            : decidedWithoutMaps
              ? t(won ? 'bracket.card.won' : 'bracket.card.lost')
              : score}
        </span>
      )}
    </div>
  );
}

/**
 * One match in a bracket column: fixed size, so live score changes never move the layout. `lastRounds`
 * names the matches of a named round as their column does ("Semi-final 1" under "Semi-finals").
 */
export function MatchCard({ match, lastRounds = {} }: { match: Match; lastRounds?: LastRounds }) {
  const t = useT();
  const link = useTournamentLink();
  const label = matchLabelText(match.label, lastRounds);
  const live = isLive(match);
  const status = displayStatusText(match.displayStatus);
  const score = cardScore(match);
  const shownStatus = score.unit
    ? t(`bracket.card.${match.phase === 'paused' ? 'paused' : 'live'}.${score.unit}`)
    : status;
  return (
    <Link
      className={`match-card${live ? ' is-live' : ''}${match.status === 'needs_decision' ? ' is-attention' : ''}`}
      to={link(`/matches/${encodeURIComponent(match.slug)}`)}
      data-slug={match.slug}
      aria-label={t('bracket.card.label', {
        label,
        team1: match.team1?.name ?? t('common.tbd'),
        team2: match.team2?.name ?? t('common.tbd'),
        status,
      })}
    >
      <div className="mc-head">
        <span className="mc-label">{label}</span>
        <span className={`mc-status${live ? ' live' : ''}`} title={shownStatus}>
          {shownStatus}
        </span>
      </div>
      <Side match={match} side="team1" score={score.team1} lastRounds={lastRounds} />
      <Side match={match} side="team2" score={score.team2} lastRounds={lastRounds} />
    </Link>
  );
}
