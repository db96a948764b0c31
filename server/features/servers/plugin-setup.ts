/**
 * The RCON steps of a server's setup: find out which plugin answers and its version (PROTOCOL.md
 * 5.5), send the setup commands under its names (each refusal an error), and make sure GOTV is on
 * for the map the first match starts on (3.3.1).
 */
import { readConvar } from '../../integrations/plugin/commands.js';
import {
  answersProbe,
  isOff,
  isUnknownCommand,
  PROBE_ORDER,
  probeCommand,
  readStatusMap,
  readVersion,
  SUPPORTED_PLUGINS,
  versionCommand,
} from '../../integrations/plugin/detection.js';
import { FLAVOUR_NAMES, type Flavour, type FlavourSetting } from '../../integrations/plugin/flavours.js';

/** A setup that cannot go on; its message is shown on the server page as it is. */
export class SetupProblem extends Error {
  override name = 'SetupProblem';
}

export interface SetupPort {
  /** Runs one console line over RCON and returns the reply. */
  run(line: string): Promise<string>;
  /** Matchday has no match on the server (so a map reload harms nobody). */
  free(): Promise<boolean>;
  log(message: string): void;
  /** Called before any setup command: the plugin may fetch its bootstrap while they run. */
  detected(found: Detected): Promise<void>;
  setupCommands(flavour: Flavour): string[];
}

export interface Detected {
  /** What answered the probe. */
  detected: Flavour;
  /** The names commands go out under: the admin's choice, else what answered. */
  flavour: Flavour;
  version: string | null;
}

/** Plugin states in which nothing is being played. */
const IDLE_STATES = new Set(['idle', 'warmup']);

async function probe(
  setting: FlavourSetting,
  port: SetupPort,
): Promise<{ flavour: Flavour; status: string }> {
  const candidates = setting === 'auto' ? PROBE_ORDER : [setting];
  for (const flavour of candidates) {
    const reply = await port.run(probeCommand(flavour));
    if (answersProbe(flavour, reply)) {
      return { flavour, status: readConvar(reply, probeCommand(flavour)) ?? '' };
    }
  }
  if (setting !== 'auto') {
    throw new SetupProblem(
      `The server does not answer ${probeCommand(setting)}, so it does not run ${FLAVOUR_NAMES[setting].product}: set the server's plugin to "auto" or install a supported plugin (${SUPPORTED_PLUGINS}).`,
    );
  }
  throw new SetupProblem(
    `No supported plugin answered over RCON (neither ${probeCommand('matchzy')} nor ${probeCommand('at')}): install ${SUPPORTED_PLUGINS}, restart the server, then set it up again.`,
  );
}

/** Runs a setup command; the engine's unknown-command answer means the plugin ignored it. */
async function accepted(line: string, port: SetupPort): Promise<void> {
  const reply = await port.run(line);
  if (isUnknownCommand(reply)) {
    const name = line.split(/\s/, 1)[0];
    throw new SetupProblem(
      `The plugin did not take "${name}" (${reply.trim()}): it is not a supported plugin version (${SUPPORTED_PLUGINS}).`,
    );
  }
}

/**
 * GOTV joins only when a map loads: if it was off, the current map is loaded again now that it is
 * on, but only while nothing is played there (PROTOCOL.md 3.3.1).
 */
async function reloadForGotv(
  gotvWasOff: boolean,
  status: string,
  port: Pick<SetupPort, 'run' | 'free' | 'log'>,
): Promise<void> {
  if (!gotvWasOff) {
    return;
  }
  if (!(await port.free()) || !IDLE_STATES.has(status)) {
    port.log('GOTV was off: the map being played keeps no demo');
    return;
  }
  const map = readStatusMap(await port.run('status'));
  if (!map) {
    port.log('GOTV was off and the current map is unknown: a first match on this map keeps no demo');
    return;
  }
  port.log(`GOTV was off: reloading ${map} so that it records`);
  // The setup is sent already: a connection the map change drops does not undo it.
  await port
    .run(`changelevel ${map}`)
    .catch((err: unknown) => port.log(`map reload sent, no answer: ${(err as Error).message}`));
}

export async function setUpPlugin(
  server: { flavourSetting: FlavourSetting },
  port: SetupPort,
): Promise<Detected> {
  const { flavour: detected, status } = await probe(server.flavourSetting, port);
  const flavour = server.flavourSetting === 'auto' ? detected : server.flavourSetting;
  const versionReply = await port.run(versionCommand(flavour));
  const version = isUnknownCommand(versionReply) ? null : readVersion(versionReply);
  const found = { detected, flavour, version };
  await port.detected(found);
  const gotvWasOff = isOff(readConvar(await port.run('tv_enable'), 'tv_enable'));
  for (const line of port.setupCommands(flavour)) {
    await accepted(line, port);
  }
  await reloadForGotv(gotvWasOff, status, port);
  return found;
}

/**
 * After the game server restarted, GOTV missed the map it booted on: the bootstrap turns `tv_enable`
 * on only once that map runs. The map is reloaded while idle, as at setup (PROTOCOL.md 3.3.1).
 */
export async function reloadAfterRestart(
  statusConvar: string,
  port: Pick<SetupPort, 'run' | 'free' | 'log'>,
): Promise<void> {
  const status = readConvar(await port.run(statusConvar), statusConvar) ?? '';
  await reloadForGotv(true, status, port);
}
