/**
 * How the plugin changes to a match's map (PROTOCOL.md 4.1), per version: which `maplist` entries
 * load anything at all, and with which engine command.
 */

/** Maps installed with the game: what `Server.IsMapValid` knows on a complete install. */
export const INSTALLED_MAPS: ReadonlySet<string> = new Set([
  'de_ancient',
  'de_anubis',
  'de_dust2',
  'de_inferno',
  'de_mirage',
  'de_nuke',
  'de_overpass',
  'de_train',
  'de_vertigo',
  'cs_italy',
  'cs_office',
]);

export type MapChange =
  | { command: 'changelevel' | 'host_workshop_map' | 'ds_workshop_changelevel'; argument: string }
  | { command: null; reason: string };

const isDigits = (text: string) => /^\d+$/.test(text);

/**
 * 1.4.x (sivert-io/MatchZy-Enhanced 1.4.21 `src/Utility.cs` ChangeMap): a number is a workshop id, an
 * installed map is changed to, anything else changes nothing, silently.
 * 2.x (Auto-Tournament/MatchZy-Enhanced 2.0.0 `src/MapTargetLogic.cs` Resolve): a bare id,
 * `workshop/<id>[/...]` or a Steam workshop URL is a workshop id; an installed map (or `de_` + a short
 * name) is changed to; any other safe name is tried among the server's workshop maps.
 */
export function resolveMapChange(
  entry: string,
  pluginVersion: string,
  installed: ReadonlySet<string> = INSTALLED_MAPS,
): MapChange {
  const name = entry.trim();
  if (Number(pluginVersion.split('.')[0]) < 2) {
    if (isDigits(name)) {
      return { command: 'host_workshop_map', argument: name };
    }
    return installed.has(name)
      ? { command: 'changelevel', argument: name }
      : { command: null, reason: `not an installed map or a workshop id: ${name}` };
  }
  const workshopId = isDigits(name)
    ? name
    : (/^workshop\/(\d+)(?:\/.*)?$/i.exec(name)?.[1] ??
      (/steamcommunity\.com/i.test(name) ? /[?&]id=(\d+)/.exec(name)?.[1] : undefined));
  if (workshopId) {
    return { command: 'host_workshop_map', argument: workshopId };
  }
  if (!/^[A-Za-z0-9_\-./]+$/.test(name)) {
    return { command: null, reason: `unsafe map name: ${name}` };
  }
  if (installed.has(name)) {
    return { command: 'changelevel', argument: name };
  }
  if (!name.includes('_') && installed.has(`de_${name}`)) {
    return { command: 'changelevel', argument: `de_${name}` };
  }
  return { command: 'ds_workshop_changelevel', argument: name };
}

/**
 * The map the server is on after the plugin changes to `entry`, or why it stays where it was. A
 * workshop item reports its own name once loaded, not its id.
 */
export function mapAfterChange(
  entry: string,
  pluginVersion: string,
  workshopMaps: Readonly<Record<string, string>>,
  installed: ReadonlySet<string> = INSTALLED_MAPS,
): { map: string } | { stays: string } {
  const change = resolveMapChange(entry, pluginVersion, installed);
  switch (change.command) {
    case 'changelevel':
      return { map: change.argument };
    case 'host_workshop_map':
      return { map: workshopMaps[change.argument] ?? `workshop_${change.argument}` };
    case 'ds_workshop_changelevel':
      return Object.values(workshopMaps).includes(change.argument)
        ? { map: change.argument }
        : { stays: `no workshop map named ${change.argument}` };
    default:
      return { stays: change.reason };
  }
}

/** The game's maps without those a partial install lacks. */
export const installedMaps = (missing: readonly string[]): ReadonlySet<string> =>
  new Set([...INSTALLED_MAPS].filter((name) => !missing.includes(name)));

/**
 * The engine's `maps *`: the installed maps as `<name>.vpk` among other entries (CS2 lists workshop
 * maps apart, with `ds_workshop_listmaps`; Taraman17/nodejs-cs2-api MAPS.MD).
 */
export const mapListing = (installed: ReadonlySet<string>): string =>
  ['maps/', ...[...installed].map((name) => `${name}.vpk`), 'graphics_settings.vpk'].join('\n');
