import type { Match } from '../../../../shared/contracts/matches.js';
import type { GroupTable } from '../../api/endpoints.js';
import { useT } from '../../i18n/index.js';
import { MatchCard } from './MatchCard.js';
import { StandingsTable } from './StandingsTable.js';
import { RecordPools } from './RecordPools.js';

/** One group: its table (qualified teams marked once the group is done) and, optionally, its matches. */
function Group({
  group,
  matches,
  swiss,
  recordPools,
}: {
  group: GroupTable;
  matches: readonly Match[] | null;
  swiss: boolean;
  recordPools: boolean;
}) {
  const t = useT();
  const title = t('bracket.groups.group', { name: group.name });
  return (
    <section className="panel group" aria-label={title} data-testid={`group-${group.name}`}>
      <h2>{title}</h2>
      <StandingsTable
        rows={group.standings.map((s) => ({ ...s, id: s.teamId }))}
        showBuchholz={swiss}
        linkTo={(id) => `/teams/${encodeURIComponent(id)}`}
        nameHeader={t('bracket.groups.team')}
      />
      {matches && recordPools && (
        <RecordPools
          matches={matches}
          label={t('bracket.pools.groupTitle', { name: group.name })}
          teams={group.standings.map((s) => ({
            id: s.teamId,
            name: s.name,
            record: s.record,
            state: s.state,
          }))}
        />
      )}
      {matches && !recordPools && (
        <div className="group-matches" aria-label={t('bracket.groups.matches', { name: group.name })}>
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
  recordPools = false,
}: {
  groups: readonly GroupTable[];
  matches?: readonly Match[];
  swiss: boolean;
  /** A Valve-style Swiss: the matches drawn as record pools (decision 77). */
  recordPools?: boolean;
}) {
  const t = useT();
  if (groups.length === 0) {
    return <p className="muted">{t('bracket.groups.notDrawn')}</p>;
  }
  return (
    <div className="groups">
      {groups.map((g) => (
        <Group
          key={g.name}
          group={g}
          swiss={swiss}
          recordPools={recordPools}
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
