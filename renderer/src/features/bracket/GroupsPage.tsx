import { Spinner } from '../../components/Spinner.js';
import { useBracket, useStages } from '../../hooks/public-data.js';
import { GroupTables } from './GroupTables.js';

/** `/groups`: each group's table, the qualified teams marked, and its matches. */
export function GroupsPage() {
  const { tournament, matches } = useBracket();
  const stages = useStages();
  if (tournament === undefined) {
    return (
      <main className="page">
        <Spinner label="Loading the groups…" />
      </main>
    );
  }
  const groupStage = stages.find((s) => s.kind === 'groups');
  if (tournament === null || !groupStage || !('groups' in groupStage)) {
    return (
      <main className="page">
        <p className="panel muted">This tournament has no group stage.</p>
      </main>
    );
  }
  const groupMatches = Object.values(matches).filter(
    (m) => m.tournamentId === tournament.id && m.stage === 'groups',
  );
  return (
    <main className="page page-wide">
      <h1>Groups</h1>
      <p className="muted">
        {groupStage.groupCount} groups, {groupStage.type === 'swiss' ? 'Swiss' : 'round robin'}, best of{' '}
        {groupStage.format.slice(2)}; the top {groupStage.advancePerGroup} of each group go to the playoffs.
      </p>
      <GroupTables groups={groupStage.groups} matches={groupMatches} swiss={groupStage.type === 'swiss'} />
    </main>
  );
}
