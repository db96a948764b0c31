import type {
  ImportRowErrorDto,
  TeamImportPlanDto,
  TeamImportResponse,
} from '../../../../shared/contracts/team-import.js';
import { useT } from '../../i18n/index.js';

interface Props {
  preview: TeamImportResponse;
  /** The file's records by line, to show what a bad row said. */
  rowText: ReadonlyMap<number, string>;
}

const CHIP: Record<TeamImportPlanDto['action'], string> = { create: 'ok', update: 'warn', unchanged: '' };

function reasons(errors: readonly ImportRowErrorDto[]): string {
  return errors.map((e) => (e.column ? `${e.column}: ${e.message}` : e.message)).join('; ');
}

/** What a team's update changes, in words: tag, spelling, players added, removed, renamed. */
function ChangeList({ team }: { team: TeamImportPlanDto }) {
  const t = useT();
  const c = team.changes;
  const names = (players: readonly { name: string }[]) => players.map((p) => p.name).join(', ');
  const items = [
    c.nameFrom !== null && t('teams.import.change.name', { from: c.nameFrom, to: team.name }),
    c.tagFrom !== null && t('teams.import.change.tag', { from: c.tagFrom || '–', to: team.tag || '–' }),
    team.action === 'update' &&
      c.playersAdded.length > 0 &&
      t('teams.import.change.added', { names: names(c.playersAdded) }),
    c.playersRemoved.length > 0 && t('teams.import.change.removed', { names: names(c.playersRemoved) }),
    ...c.playersRenamed.map((r) => t('teams.import.change.renamed', { from: r.from, to: r.to })),
  ].filter((item): item is string => typeof item === 'string');
  return items.length === 0 ? null : (
    <ul className="import-changes">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

/** One team of the file: its action, its changes, and its rows, the bad ones marked with their reasons. */
function TeamTable({ team, errorsByRow, rowText }: { team: TeamImportPlanDto } & Omit<TableProps, 'teams'>) {
  const t = useT();
  const playerByRow = new Map(team.players.map((p) => [p.row, p]));
  const rows = team.rows.filter((row) => playerByRow.has(row) || errorsByRow.has(row));
  const bad = team.rows.some((row) => errorsByRow.has(row));
  return (
    <section className="import-team" aria-label={team.name}>
      <h4>
        {team.name} {team.tag && <span className="muted">[{team.tag}]</span>}{' '}
        <span className={`chip ${CHIP[team.action]}`}>{t(`teams.import.action.${team.action}`)}</span>
        {bad && <span className="chip bad">{t('teams.import.hasErrors')}</span>}
      </h4>
      <ChangeList team={team} />
      {rows.length > 0 && (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">{t('teams.import.column.row')}</th>
                <th scope="col">{t('teams.import.column.player')}</th>
                <th scope="col">{t('teams.import.column.platformId')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const player = playerByRow.get(row);
                const errors = errorsByRow.get(row);
                return errors ? (
                  <tr key={row} className="import-row-error">
                    <td>{row}</td>
                    <td colSpan={2}>
                      <code>{rowText.get(row)}</code>
                      <div className="danger-text">{reasons(errors)}</div>
                    </td>
                  </tr>
                ) : (
                  <tr key={row}>
                    <td>{row}</td>
                    <td>{player?.name}</td>
                    <td>
                      <code>{player?.platformId}</code>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

interface TableProps {
  teams: TeamImportPlanDto[];
  errorsByRow: ReadonlyMap<number, ImportRowErrorDto[]>;
  rowText: ReadonlyMap<number, string>;
}

/** The dry run's answer: a summary, a table per team, and the bad rows that belong to no team. */
export function TeamImportPreview({ preview, rowText }: Props) {
  const t = useT();
  const errorsByRow = new Map<number, ImportRowErrorDto[]>();
  for (const e of preview.errors) {
    errorsByRow.set(e.row, [...(errorsByRow.get(e.row) ?? []), e]);
  }
  const teamRows = new Set(preview.teams.flatMap((team) => team.rows));
  const loose = preview.errors.filter((e) => !teamRows.has(e.row));
  const rowCount = errorsByRow.size;
  return (
    <section className="import-preview" aria-label={t('teams.import.preview')}>
      <p role="status">
        {t('teams.import.summary', preview.summary)}{' '}
        {rowCount > 0 ? (
          <strong className="danger-text">{t('teams.import.errorRows', { count: rowCount })}</strong>
        ) : (
          <span className="ok-text">{t('teams.import.noErrors')}</span>
        )}
      </p>
      {preview.warnings.map((w) => (
        <p key={w} className="warn-text">
          {w}
        </p>
      ))}
      {loose.length > 0 && (
        <div className="result-box failed" role="alert">
          <strong>{t('teams.import.looseErrors')}</strong>
          <ul>
            {loose.map((e) => (
              <li key={`${e.row}-${e.column}-${e.message}`}>
                {t('teams.import.rowLabel', { row: e.row })}
                {rowText.has(e.row) && (
                  <>
                    {' '}
                    <code>{rowText.get(e.row)}</code>
                  </>
                )}
                : {reasons([e])}
              </li>
            ))}
          </ul>
        </div>
      )}
      {preview.teams.map((team) => (
        <TeamTable key={team.name} team={team} errorsByRow={errorsByRow} rowText={rowText} />
      ))}
    </section>
  );
}
