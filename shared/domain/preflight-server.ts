/**
 * How a server's preflight answers read (API.md decision 57): which plugin versions are supported,
 * which maps the engine says it has, and what each failed check tells the organiser to do. Pure.
 */
import { SUPPORTED_PLUGINS, SUPPORTED_PLUGIN_VERSIONS } from '../contracts/servers.js';

export interface Verdict {
  ok: boolean;
  message: string;
}

const numbers = (version: string) => version.split(/[.+-]/).map((part) => Number.parseInt(part, 10));

/**
 * 1.4.x from 1.4.21 on (the first with every setting Matchday sends), and 2.x: the versions the
 * setup and the protocol were written against (PROTOCOL.md 5.5).
 */
export function pluginSupport(product: string, version: string | null): Verdict {
  if (version === null) {
    return {
      ok: false,
      message: `${product} answers, but its version could not be read: install ${SUPPORTED_PLUGINS}, then set the server up again.`,
    };
  }
  const [major = NaN, minor = NaN, patch = NaN] = numbers(version);
  const minimum = numbers(SUPPORTED_PLUGIN_VERSIONS.matchzy)[2]!;
  const supported = major === 2 || (major === 1 && minor === 4 && patch >= minimum);
  return supported
    ? { ok: true, message: `${product} ${version} answers.` }
    : {
        ok: false,
        message: `${product} ${version} is not supported: install ${SUPPORTED_PLUGINS}, then set the server up again.`,
      };
}

/**
 * The maps the engine's `maps *` lists (each `<name>.vpk` or bare name, among entries that are no
 * maps); null when the engine does not answer the command, so nothing can be told.
 */
export function readInstalledMaps(reply: string): Set<string> | null {
  if (/unknown command/i.test(reply) || reply.trim() === '') {
    return null;
  }
  const found = reply.match(/\b[a-z]{2,3}_[a-z0-9_]+(?=\.vpk\b|\s|$)/gim) ?? [];
  return found.length === 0 ? null : new Set(found.map((name) => name.toLowerCase()));
}

export interface PoolMap {
  id: string;
  workshopId: string | null;
}

/**
 * Every pool map is installed or loads from the workshop. When the engine cannot tell which maps it
 * has, the check is a warning (`known: false`), not an error.
 */
export function mapsVerdict(
  maps: readonly PoolMap[],
  installed: ReadonlySet<string> | null,
): Verdict & { known: boolean } {
  const fromDisk = maps.filter((m) => m.workshopId === null);
  if (installed === null && fromDisk.length > 0) {
    return {
      ok: false,
      known: false,
      message: `The server does not list its maps, so ${fromDisk.map((m) => m.id).join(', ')} could not be checked: load each once on the server, or give them a workshop id in the map settings.`,
    };
  }
  const missing = fromDisk.filter((m) => !installed?.has(m.id.toLowerCase()));
  if (missing.length > 0) {
    return {
      ok: false,
      known: true,
      message: `Not installed: ${missing.map((m) => m.id).join(', ')}. Install them on the server or give them a workshop id in the map settings.`,
    };
  }
  return {
    ok: true,
    known: true,
    message: `All ${maps.length} maps of the pools are installed or on the workshop.`,
  };
}
