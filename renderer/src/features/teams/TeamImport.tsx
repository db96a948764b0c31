import { createTeamSchema, type CreateTeam } from '../../../../shared/contracts/teams.js';
import { teamsFromFile } from '../../../../shared/domain/file-import.js';
import { admin, type BatchResult } from '../../api/admin.js';
import { ImportPanel } from '../../components/ImportPanel.js';

interface Props {
  onDone(result: BatchResult<unknown>): void;
  onCancel(): void;
}

/** Teams from a JSON or CSV file, previewed, then created in one batch. */
export function TeamImport({ onDone, onCancel }: Props) {
  return (
    <ImportPanel<CreateTeam>
      noun="teams"
      help={
        <>
          JSON: an array of <code>{'{ name, tag, players: [{ platformId, name }] }'}</code>. CSV: a header row
          with <code>team,tag,platformId,player</code> and one row per player (platform ids are 17 digits).
        </>
      }
      read={teamsFromFile}
      schema={createTeamSchema}
      columns={[
        { header: 'Team', cell: (t) => t?.name },
        { header: 'Tag', cell: (t) => t?.tag },
        {
          header: 'Players',
          cell: (t) => (Array.isArray(t?.players) ? t.players.map((p) => p?.name).join(', ') : ''),
        },
      ]}
      send={admin.importTeams}
      onDone={onDone}
      onCancel={onCancel}
    />
  );
}
