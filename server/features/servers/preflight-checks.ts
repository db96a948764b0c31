/**
 * One server's preflight checks over RCON (API.md decision 57): login, the plugin and its version,
 * GOTV, a test-event round trip, the round-backup upload, the pools' maps and the game build. The
 * same RCON steps as the setup (plugin-setup.ts) and the server test (service.ts) serve here.
 */
import type { PreflightCheck } from '../../../shared/contracts/preflight.js';
import { SERVER_CHECKS } from '../../../shared/contracts/preflight.js';
import { isOlderBuild } from '../../../shared/domain/game-build.js';
import {
  mapsVerdict,
  pluginSupport,
  readInstalledMaps,
  type PoolMap,
  type Verdict,
} from '../../../shared/domain/preflight-server.js';
import { readConvar } from '../../integrations/plugin/commands.js';
import {
  answersProbe,
  isOff,
  isUnknownCommand,
  probeCommand,
  readVersion,
  versionCommand,
} from '../../integrations/plugin/detection.js';
import { FLAVOUR_NAMES } from '../../integrations/plugin/flavours.js';
import type { ServerRecord } from './repo.js';
import { rconProblem } from './rcon-problem.js';

type ServerCheck = (typeof SERVER_CHECKS)[number];

export interface ServerPreflightPort {
  run(server: ServerRecord, line: string): Promise<string>;
  /** `css_testevent` and whether its event reached Matchday (the server test's round trip). */
  testEvent(server: ServerRecord): Promise<Verdict>;
  backupUploadTarget(serverId: string): Promise<string | null>;
}

export function createServerPreflight(port: ServerPreflightPort) {
  return async function checks(
    server: ServerRecord,
    maps: readonly PoolMap[],
    newest: { buildId: number; serverId: string } | null,
  ): Promise<PreflightCheck[]> {
    const result: PreflightCheck[] = [];
    const add = (check: ServerCheck, verdict: Verdict, severity: 'error' | 'warning' = 'error') =>
      result.push({ scope: 'server', id: server.id, name: server.name, check, severity, ...verdict });
    const run = (line: string) => port.run(server, line);

    try {
      await run('status');
      add('rcon', { ok: true, message: 'RCON login works.' });
    } catch (err) {
      add('rcon', {
        ok: false,
        message: `${rconProblem(err)} Check the address and RCON password on the server page.`,
      });
      const skipped = `Not checked: RCON does not answer. Fix the RCON login first.`;
      for (const check of SERVER_CHECKS.filter((c) => c !== 'rcon')) {
        add(check, { ok: false, message: skipped });
      }
      return result;
    }

    const { flavour } = server;
    const product = FLAVOUR_NAMES[flavour].product;
    const answers = answersProbe(flavour, await run(probeCommand(flavour)));
    if (answers) {
      const versionReply = await run(versionCommand(flavour));
      const version =
        (isUnknownCommand(versionReply) ? null : readVersion(versionReply)) ??
        server.detectedVersion ??
        server.pluginVersion;
      add('plugin', pluginSupport(product, version));
    } else {
      add('plugin', {
        ok: false,
        message: `${product} does not answer ${probeCommand(flavour)}: install a supported plugin, then set the server up again.`,
      });
    }

    const gotvOff = isOff(readConvar(await run('tv_enable'), 'tv_enable'));
    add(
      'gotv',
      gotvOff
        ? {
            ok: false,
            message:
              'GOTV is off (tv_enable 0), so no demo is recorded: set the server up again, or put tv_enable 1 in its server.cfg and restart it.',
          }
        : { ok: true, message: 'GOTV is on.' },
    );

    add('test_event', await port.testEvent(server));

    const backupUrl = await port.backupUploadTarget(server.id);
    add(
      'backup_upload',
      backupUrl
        ? { ok: true, message: `Round backups go to ${backupUrl}.` }
        : {
            ok: false,
            message:
              'Round backups are not sent to Matchday, so a crashed match cannot move: set the server up again.',
          },
    );

    const listing = await run('maps *');
    const verdict = mapsVerdict(maps, readInstalledMaps(listing));
    add('maps', verdict, verdict.known ? 'error' : 'warning');

    add('game_build', buildVerdict(server, newest));
    return result;
  };
}

function buildVerdict(server: ServerRecord, newest: { buildId: number; serverId: string } | null): Verdict {
  if (server.updateRequiredVersion !== null) {
    return {
      ok: false,
      message: `The game asks for an update (version ${server.updateRequiredVersion}): update CS2 on this server and restart it.`,
    };
  }
  if (isOlderBuild(server.gameBuildId, newest)) {
    return {
      ok: false,
      message: `Game build ${server.gameBuildId} is older than build ${newest!.buildId} on ${newest!.serverId}: update CS2 on this server.`,
    };
  }
  return {
    ok: true,
    message:
      server.gameBuildId === null
        ? 'The server has not told its game build yet; no server on the LAN reports a newer one.'
        : `Game build ${server.gameBuildId}: the newest on the LAN.`,
  };
}
