/**
 * Step one of a team import (API.md decision 79): the CSV file read into teams, one row per player,
 * with every row's problems named by row and column. Pure: text in, teams and errors out. What the
 * teams already saved say about the file is the plan's step (team-import-plan.ts).
 */
import { readCsv } from './csv.js';
import { platformIdProblemMessage, readPlatformId } from './steam-id.js';

export const IMPORT_COLUMNS = ['team', 'tag', 'player', 'platformId', 'chatId', 'role'] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];
const REQUIRED_COLUMNS: readonly ImportColumn[] = ['team', 'tag', 'player', 'platformId'];

/** Header words accepted for each column, compared without case, spaces, "_" or "-". */
const HEADER_WORDS: Record<ImportColumn, string[]> = {
  team: ['team', 'teamname'],
  tag: ['tag', 'teamtag'],
  player: ['player', 'playername', 'nickname'],
  platformId: ['platformid', 'steamid', 'steamid64'],
  chatId: ['chatid', 'discordid'],
  role: ['role'],
};

/** The limits of the teams API (shared/contracts/teams.ts), so a file that passes here also saves. */
const MAX_LENGTH: Record<ImportColumn, number> = {
  team: 64,
  tag: 16,
  player: 64,
  platformId: 200,
  chatId: 64,
  role: 32,
};
export const MAX_PLAYERS_PER_TEAM = 16;

export interface ImportRowError {
  /** The file's line the row starts on (the header is line 1), as a spreadsheet numbers it. */
  row: number;
  /** null when the whole row or file is at fault. */
  column: ImportColumn | null;
  message: string;
}

export interface FilePlayer {
  platformId: string;
  name: string;
  chatId: string | null;
  role: string | null;
  row: number;
}

export interface FileTeam {
  /** As first spelled in the file; rows whose team differs only in case belong to it. */
  name: string;
  tag: string;
  players: FilePlayer[];
  rows: number[];
}

export interface TeamFileReading {
  teams: FileTeam[];
  errors: ImportRowError[];
  /** Header columns that are none of {@link IMPORT_COLUMNS}; their values are not read. */
  ignoredColumns: string[];
}

const normaliseHeader = (header: string) => header.toLowerCase().replace(/[\s_-]/g, '');
// eslint-disable-next-line no-control-regex -- the point is to find control characters
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/** The problem of one cell's text, or null when it is fine. */
function textProblem(column: ImportColumn, value: string, required: boolean): string | null {
  if (required && value === '') {
    return `the ${column} is empty`;
  }
  if (value.length > MAX_LENGTH[column]) {
    return `the ${column} is ${value.length} characters long; at most ${MAX_LENGTH[column]} fit`;
  }
  if (CONTROL_CHARACTER.test(value)) {
    return `the ${column} holds a line break or another control character`;
  }
  return null;
}

interface Header {
  index: Partial<Record<ImportColumn, number>>;
  ignored: string[];
  errors: ImportRowError[];
}

function readHeader(fields: string[], line: number): Header {
  const index: Partial<Record<ImportColumn, number>> = {};
  const ignored: string[] = [];
  const errors: ImportRowError[] = [];
  fields.forEach((field, i) => {
    const column = IMPORT_COLUMNS.find((c) => HEADER_WORDS[c].includes(normaliseHeader(field)));
    if (!column) {
      ignored.push(field);
    } else if (index[column] !== undefined) {
      errors.push({ row: line, column, message: `the column ${column} appears twice in the header row` });
    } else {
      index[column] = i;
    }
  });
  const missing = REQUIRED_COLUMNS.filter((c) => index[c] === undefined);
  if (missing.length > 0) {
    errors.push({
      row: line,
      column: null,
      message:
        `the header row needs the columns ${REQUIRED_COLUMNS.join(', ')} (optional: chatId, role); ` +
        `missing: ${missing.join(', ')}`,
    });
  }
  return { index, ignored, errors };
}

/** Reads a team import file: teams in the order the file first names them, and every row error. */
export function readTeamFile(text: string): TeamFileReading {
  const { records, unclosedQuoteLine } = readCsv(text);
  const [headerRecord, ...rows] = records;
  if (!headerRecord) {
    return {
      teams: [],
      errors: [{ row: 1, column: null, message: 'the file is empty' }],
      ignoredColumns: [],
    };
  }
  const header = readHeader(headerRecord.fields, headerRecord.line);
  const errors = [...header.errors];
  if (unclosedQuoteLine !== undefined) {
    errors.push({
      row: unclosedQuoteLine,
      column: null,
      message: 'a quote (") opens here and is never closed',
    });
  }
  if (header.errors.length > 0) {
    return { teams: [], errors, ignoredColumns: header.ignored };
  }

  const teams = new Map<string, FileTeam>();
  /** Where each player first appears, so a second row for them can say where. */
  const seenPlayers = new Map<string, { row: number; team: string }>();
  for (const { line, fields } of rows) {
    const cell = (column: ImportColumn) => {
      const i = header.index[column];
      return i === undefined ? '' : (fields[i] ?? '');
    };
    const rowErrors: ImportRowError[] = [];
    const check = (column: ImportColumn, required: boolean) => {
      const problem = textProblem(column, cell(column), required);
      if (problem) {
        rowErrors.push({ row: line, column, message: problem });
      }
    };
    check('team', true);
    check('tag', false);
    const hasPlayer = cell('player') !== '' || cell('platformId') !== '';
    // A row with a team and no player adds the team alone (a team whose players come later).
    if (hasPlayer) {
      check('player', true);
      check('chatId', false);
      check('role', false);
    }
    let platformId = '';
    if (hasPlayer) {
      const reading = readPlatformId(cell('platformId'));
      if (reading.ok) {
        platformId = reading.platformId;
      } else {
        rowErrors.push({
          row: line,
          column: 'platformId',
          message:
            cell('platformId') === ''
              ? 'the platformId is empty'
              : `"${cell('platformId')}" is not a Steam id: ${platformIdProblemMessage(reading.problem)}`,
        });
      }
    }
    if (rowErrors.some((e) => e.column === 'team')) {
      errors.push(...rowErrors);
      continue;
    }

    const name = cell('team');
    const key = name.toLowerCase();
    const team = teams.get(key) ?? { name, tag: cell('tag'), players: [], rows: [] };
    teams.set(key, team);
    team.rows.push(line);
    if (cell('tag') !== '' && team.tag === '') {
      team.tag = cell('tag');
    } else if (cell('tag') !== '' && cell('tag') !== team.tag) {
      rowErrors.push({
        row: line,
        column: 'tag',
        message: `team ${team.name} has the tag "${team.tag}" on row ${team.rows[0]}; a team has one tag`,
      });
    }
    if (platformId !== '') {
      const earlier = seenPlayers.get(platformId);
      if (earlier) {
        rowErrors.push({
          row: line,
          column: 'platformId',
          message:
            earlier.team.toLowerCase() === key
              ? `player ${platformId} is already on row ${earlier.row} of this team`
              : `player ${platformId} is already on row ${earlier.row}, for team ${earlier.team}; a player plays for one team`,
        });
      } else {
        seenPlayers.set(platformId, { row: line, team: team.name });
      }
    }
    if (hasPlayer && team.players.length >= MAX_PLAYERS_PER_TEAM) {
      rowErrors.push({
        row: line,
        column: null,
        message: `team ${team.name} already has ${MAX_PLAYERS_PER_TEAM} players, the most a team can have`,
      });
    }
    if (rowErrors.length > 0) {
      errors.push(...rowErrors);
    } else if (hasPlayer) {
      team.players.push({
        platformId,
        name: cell('player'),
        chatId: cell('chatId') || null,
        role: cell('role') || null,
        row: line,
      });
    }
  }
  return { teams: [...teams.values()], errors, ignoredColumns: header.ignored };
}
