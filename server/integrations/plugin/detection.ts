/**
 * Which plugin a server runs, read from its RCON replies (PROTOCOL.md 5.5). Pure: the caller sends
 * the probes and hands the replies in.
 */
import { readConvar, statusConvars } from './commands.js';
import { pluginName, type Flavour } from './flavours.js';

/**
 * Probe order: the real generations first. A FakeConVar echoes `name = value` to a bare query;
 * a plugin without that convar leaves the engine's unknown-command line.
 */
export const PROBE_ORDER: readonly Flavour[] = ['matchzy', 'at', 'plugin'];

export { SUPPORTED_PLUGINS } from '../../../shared/contracts/servers.js';

/** The command whose answer identifies a generation. */
export const probeCommand = (flavour: Flavour) => statusConvars(flavour).status;

/** True when the reply is the FakeConVar echo of the generation's status convar. */
export const answersProbe = (flavour: Flavour, reply: string) =>
  readConvar(reply, probeCommand(flavour)) !== undefined;

/** `matchzy_version` answers `[MatchZy] Version: 1.4.21` (MatchZy-Enhanced 1.4.21 src/ConsoleCommands.cs). */
export const versionCommand = (flavour: Flavour) => pluginName(flavour, 'version');

export function readVersion(reply: string): string | null {
  return /\bversion:\s*v?(\d[\w.+-]*)/i.exec(reply)?.[1] ?? null;
}

/**
 * The engine's answer to a command nobody registered (its exact wording is not verified, so the
 * match is loose, PROTOCOL.md 5.5). Such a reply is never success.
 */
export const isUnknownCommand = (reply: string) => /unknown command/i.test(reply);

/** The map the server is on, from the engine's `status` output; null when it does not say. */
export function readStatusMap(reply: string): string | null {
  const line = /^\s*map\s*:\s*(\S+)/m.exec(reply) ?? /\[\d+:\s*([^\s|]+)\s*\|\s*main lump/.exec(reply);
  return line?.[1] ?? null;
}

/** Engine convar replies: `"tv_enable" = "0"` (or FakeConVar `True`/`False`). */
export const isOff = (value: string | undefined) =>
  value !== undefined && ['0', 'false'].includes(value.trim().toLowerCase());
