/**
 * Reading the organiser's import files (teams, players) into API items, before anything is sent:
 * JSON (an array, or an object holding one) or CSV with a header row. Pure: text in, items out.
 */

/** Splits CSV text into rows of fields: commas or semicolons, quoted fields with "" escapes. */
export function parseCsv(text: string): string[][] {
  const firstLine = text.slice(0, text.indexOf('\n') === -1 ? undefined : text.indexOf('\n'));
  const separator = firstLine.split(';').length > firstLine.split(',').length ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') {
        quoted = false;
      } else {
        field += c;
      }
    } else if (c === '"') {
      quoted = true;
    } else if (c === separator) {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') {
        i++;
      }
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else {
      field += c;
    }
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.map((r) => r.map((f) => f.trim())).filter((r) => r.some((f) => f !== ''));
}

/**
 * Header words people use for each field, compared without case, spaces, "_" or "-". A plain "name" is
 * the team's in a teams file (team comes first) and the player's in a players file.
 */
const HEADER_ALIASES: Record<string, string[]> = {
  team: ['team', 'teamname', 'name'],
  tag: ['tag', 'teamtag'],
  platformId: ['platformid', 'steamid', 'steamid64', 'platformid64', 'steam'],
  player: ['player', 'playername', 'nickname', 'nick', 'name'],
  chatId: ['chatid', 'discordid', 'discord'],
  rating: ['rating', 'elo'],
  mapId: ['id', 'map', 'mapid'],
  displayName: ['displayname', 'name', 'title'],
  workshopId: ['workshopid', 'workshop'],
};

const normalise = (header: string) => header.toLowerCase().replace(/[\s_-]/g, '');

export class ImportFileError extends Error {
  override name = 'ImportFileError';
}

const OPTIONAL_COLUMNS = new Set(['tag', 'chatId', 'rating', 'workshopId']);

/** CSV rows as records keyed by the fields of HEADER_ALIASES that `wanted` names, from the header row. */
function csvRecords(text: string, wanted: readonly string[]): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  if (!header) {
    throw new ImportFileError('The file is empty.');
  }
  const columns = header.map((h) => {
    const n = normalise(h);
    return wanted.find((field) => HEADER_ALIASES[field]!.includes(n)) ?? null;
  });
  const missing = wanted.filter((field) => !OPTIONAL_COLUMNS.has(field));
  const absent = missing.filter((field) => !columns.includes(field));
  if (absent.length > 0) {
    throw new ImportFileError(
      `The CSV header row needs the columns ${missing.join(', ')}; missing: ${absent.join(', ')}. ` +
        `Found: ${header.join(', ')}.`,
    );
  }
  return rows.map((row) =>
    Object.fromEntries(columns.flatMap((field, i) => (field ? [[field, row[i] ?? '']] : []))),
  );
}

function jsonItems(text: string, key: string): unknown[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new ImportFileError(`The file is not valid JSON: ${(err as Error).message}`);
  }
  const list = Array.isArray(data) ? data : (data as Record<string, unknown> | null)?.[key];
  if (!Array.isArray(list)) {
    throw new ImportFileError(`The JSON must be an array, or an object with a "${key}" array.`);
  }
  return list;
}

const isJson = (fileName: string, text: string) =>
  fileName.toLowerCase().endsWith('.json') || /^\s*[[{]/.test(text);

/** Teams from a JSON file (team objects) or a CSV file with one row per player: team, tag, platform id, player. */
export function teamsFromFile(fileName: string, text: string): unknown[] {
  if (isJson(fileName, text)) {
    return jsonItems(text, 'teams');
  }
  const teams = new Map<
    string,
    { name: string; tag: string; players: { platformId: string; name: string }[] }
  >();
  for (const r of csvRecords(text, ['team', 'tag', 'platformId', 'player'])) {
    const name = r.team ?? '';
    const team = teams.get(name) ?? { name, tag: '', players: [] };
    team.tag ||= r.tag ?? '';
    if (r.platformId || r.player) {
      team.players.push({ platformId: r.platformId ?? '', name: r.player ?? '' });
    }
    teams.set(name, team);
  }
  return [...teams.values()];
}

/** Players from a JSON file (player objects) or a CSV file: platform id, player, optional chat id and rating. */
export function playersFromFile(fileName: string, text: string): unknown[] {
  if (isJson(fileName, text)) {
    return jsonItems(text, 'players');
  }
  return csvRecords(text, ['platformId', 'player', 'chatId', 'rating']).map((r) => ({
    platformId: r.platformId,
    name: r.player,
    ...(r.chatId ? { chatId: r.chatId } : {}),
    ...(r.rating ? { rating: Number(r.rating) } : {}),
  }));
}

/** Maps from a JSON file (map objects) or a CSV file: map id, display name, optional workshop id. */
export function mapsFromFile(fileName: string, text: string): unknown[] {
  if (isJson(fileName, text)) {
    return jsonItems(text, 'maps');
  }
  return csvRecords(text, ['mapId', 'displayName', 'workshopId']).map((r) => ({
    id: r.mapId,
    displayName: r.displayName,
    ...(r.workshopId ? { workshopId: r.workshopId } : {}),
  }));
}
