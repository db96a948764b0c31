import { Trans } from 'react-i18next';
import { createTeamSchema, type CreateTeam } from '../../../../shared/contracts/teams.js';
import { teamsFromFile } from '../../../../shared/domain/file-import.js';
import { admin, type BatchResult } from '../../api/admin.js';
import { ImportPanel } from '../../components/ImportPanel.js';
import { useT } from '../../i18n/index.js';

interface Props {
  onDone(result: BatchResult<unknown>): void;
  onCancel(): void;
}

/** Teams from a JSON or CSV file, previewed, then created in one batch. */
export function TeamImport({ onDone, onCancel }: Props) {
  const t = useT();
  return (
    <ImportPanel<CreateTeam>
      noun={t('teams.import.noun')}
      help={<Trans i18nKey="teams.import.help" components={{ code: <code /> }} />}
      read={teamsFromFile}
      schema={createTeamSchema}
      columns={[
        { header: t('teams.import.column.team'), cell: (team) => team?.name },
        { header: t('teams.import.column.tag'), cell: (team) => team?.tag },
        {
          header: t('teams.import.column.players'),
          cell: (team) => (Array.isArray(team?.players) ? team.players.map((p) => p?.name).join(', ') : ''),
        },
      ]}
      send={admin.importTeams}
      onDone={onDone}
      onCancel={onCancel}
    />
  );
}
