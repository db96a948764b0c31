import { Link } from 'react-router';
import type { Match } from '../../../../shared/contracts/matches.js';
import type { GroupTable } from '../../api/endpoints.js';
import { MatchCard } from './MatchCard.js';

/** One group: its table (qualified teams marked once the group is done) and, optionally, its matches. */
function Group({
  group,
  matches,
  swiss,
}: {
  group: GroupTable;
  matches: readonly Match[] | null;
  swiss: boolean;
}) {
  return (
    <section className="panel group" aria-label={`Group ${group.name}`} data-testid={`group-${group.name}`}>
      <h2>Group {group.name}</h2>
      <div className="table-wrap">
        <table className="standings">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Team</th>
              <th scope="col" title="Wins">
                W
              </th>
              <th scope="col" title="Losses">
                L
              </th>
              <th scope="col" title="Draws">
                D
              </th>
              {swiss && (
                <th scope="col" title="Buchholz: sum of the opponents' wins">
                  Bh
                </th>
              )}
              <th scope="col" title="Round difference">
                +/-
              </th>
            </tr>
          </thead>
          <tbody>
            {group.standings.map((s) => (
              <tr key={s.teamId} className={s.qualified ? 'qualified' : undefined}>
                <td>{s.rank}</td>
                <td>
                  <Link to={`/teams/${encodeURIComponent(s.teamId)}`}>{s.name}</Link>
                  {s.qualified && (
                    <span className="tag tag-ok" title="Plays in the playoffs">
                      Qualified
                    </span>
                  )}
                </td>
                <td>{s.wins}</td>
                <td>{s.losses}</td>
                <td>{s.draws}</td>
                {swiss && <td>{s.buchholz}</td>}
                <td>{s.roundDifference > 0 ? `+${s.roundDifference}` : s.roundDifference}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {matches && (
        <div className="group-matches" aria-label={`Group ${group.name} matches`}>
          {matches.map((m) => (
            <MatchCard key={m.slug} match={m} />
          ))}
        </div>
      )}
    </section>
  );
}

/** Every group of the group stage; `matches`: the group matches to list under each table. */
export function GroupTables({
  groups,
  matches,
  swiss,
}: {
  groups: readonly GroupTable[];
  matches?: readonly Match[];
  swiss: boolean;
}) {
  if (groups.length === 0) {
    return <p className="muted">The groups are drawn when the tournament starts.</p>;
  }
  return (
    <div className="groups">
      {groups.map((g) => (
        <Group
          key={g.name}
          group={g}
          swiss={swiss}
          matches={
            matches
              ? matches
                  .filter((m) => m.group === g.name)
                  .sort((a, b) => a.round - b.round || a.matchNumber - b.matchNumber)
              : null
          }
        />
      ))}
    </div>
  );
}
