import { Link } from 'react-router';

export interface StandingRow {
  rank: number;
  id: string;
  name: string;
  wins: number;
  losses: number;
  draws: number;
  buchholz?: number;
  roundDifference: number;
  rating?: number;
  /** Marked as going on to the next stage (a group's table). */
  qualified?: boolean;
}

/** Ranks with wins, losses, Buchholz (Swiss) and round difference. */
export function StandingsTable({
  rows,
  showBuchholz,
  linkTo,
  nameHeader = 'Name',
}: {
  rows: readonly StandingRow[];
  showBuchholz: boolean;
  linkTo?: (id: string) => string;
  nameHeader?: string;
}) {
  if (rows.length === 0) {
    return <p className="muted">Standings appear once matches are played.</p>;
  }
  const showRating = rows.some((r) => r.rating !== undefined);
  return (
    <div className="table-wrap">
      <table className="standings">
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">{nameHeader}</th>
            <th scope="col" title="Wins">
              W
            </th>
            <th scope="col" title="Losses">
              L
            </th>
            <th scope="col" title="Draws">
              D
            </th>
            {showBuchholz && (
              <th scope="col" title="Buchholz: sum of the opponents' wins">
                Bh
              </th>
            )}
            <th scope="col" title="Round difference">
              +/-
            </th>
            {showRating && <th scope="col">Rating</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} className={r.qualified ? 'qualified' : undefined}>
              <td>{r.rank}</td>
              <td>
                {linkTo ? <Link to={linkTo(r.id)}>{r.name}</Link> : r.name}
                {r.qualified && (
                  <span className="tag tag-ok" title="Plays in the playoffs">
                    Qualified
                  </span>
                )}
              </td>
              <td>{r.wins}</td>
              <td>{r.losses}</td>
              <td>{r.draws}</td>
              {showBuchholz && <td>{r.buchholz ?? 0}</td>}
              <td>{r.roundDifference > 0 ? `+${r.roundDifference}` : r.roundDifference}</td>
              {showRating && <td>{r.rating === undefined ? '' : Math.round(r.rating)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
