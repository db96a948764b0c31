/**
 * Reading the organiser's import files (players, maps) into API items, before anything is sent:
 * JSON (an array, or an object holding one) or CSV with a header row. Pure: text in, items out.
 */
import { readCsv } from './csv.js';

/** CSV text as rows of fields: see readCsv (a quote left open keeps what was read up to it). */
export function parseCsv(text: string): string[][] {
  return readCsv(text).records.map((r) => r.fields);
}

/**
 * Header words people use for each field, compared without case, spaces, "_" or "-". Team files are
 * read by the server (team-import-rows.ts).
 */
const HEADER_ALIASES: Record<string, string[]> = {
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

const OPTIONAL_COLUMNS = new Set(['chatId', 'rating', 'workshopId']);

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
