/**
 * A server's setup over RCON and the bootstrap it leads to: detect the plugin (PROTOCOL.md 5.5),
 * send the setup under its names, then watch until the plugin fetches its settings, sending the URL
 * again past MatchZy-Enhanced 1.4.21's anti-spam (3.5).
 */
import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { reloadsMapForGotv } from '../../integrations/plugin/capabilities.js';
import {
  bootstrapCommands,
  bootstrapUrlCommand,
  setupCommands,
  statusConvars,
} from '../../integrations/plugin/commands.js';
import { FLAVOUR_NAMES, type Flavour } from '../../integrations/plugin/flavours.js';
import type { SettingsService } from '../settings/index.js';
import { reloadAfterRestart, setUpPlugin } from './plugin-setup.js';
import { rconProblem } from './rcon-problem.js';
import type { createServersRepo, ServerRecord } from './repo.js';

/**
 * MatchZy-Enhanced 1.4.21 fetches its bootstrap at once on each URL or token command but at most once
 * per 5 s, so the fetch may go out with the old URL (src/BootstrapConfig.cs): when no fetch with the
 * new token reached Matchday after this long, the URL command is sent again (PROTOCOL.md 3.5).
 */
const BOOTSTRAP_WAIT_MS = 8_000;
const BOOTSTRAP_RESENDS = 3;

export const newToken = () => randomBytes(24).toString('base64url');

export interface ServerSetupDeps {
  repo: ReturnType<typeof createServersRepo>;
  settings: Pick<SettingsService, 'read'>;
  /** The server, or a 404. */
  find(id: string): Promise<ServerRecord>;
  /** Registers the server's secrets with the log scrubber. */
  remember(server: ServerRecord): ServerRecord;
  rcon(server: ServerRecord, line: string): Promise<string>;
  /** Tells the server pages that the server changed. */
  announce(id: string): void;
}

export function createServerSetup(ctx: AppContext, deps: ServerSetupDeps) {
  const { repo, find, remember, rcon, announce } = deps;
  /** Per server: the timer that re-sends the bootstrap URL until the plugin fetches it. */
  const watches = new Map<string, NodeJS.Timeout>();
  /** The bootstrap URL at the address the server was set up with (`eventBaseUrl`), else today's. */
  const bootstrapUrlOf = (id: string, base: string | null) =>
    `${base ?? ctx.publicUrl}/api/servers/${encodeURIComponent(id)}/bootstrap`;

  /**
   * Setup over RCON: detect the plugin (PROTOCOL.md 5.5), then a fresh bootstrap token (the previous
   * one turns stale) and GOTV, the server id, token and URL in that order, each refused command an
   * error. Then watch for the plugin's bootstrap fetch. A failure is stored as a readable error.
   */
  async function setup(id: string, confirmAddressChange = false): Promise<void> {
    const server = await find(id);
    const base = eventBaseFor(server, confirmAddressChange);
    stopWatch(id);
    const bootstrapToken = newToken();
    ctx.secrets.add(bootstrapToken);
    await repo.patchPluginState(id, {
      bootstrapToken,
      setupAt: ctx.clock.now(),
      setupError: null,
      bootstrappedAt: null,
      bootstrapResends: 0,
      eventBaseUrl: base,
      // A server a match was moved off takes matches again once an admin set it up anew.
      failedAt: null,
    });
    const bootstrapUrl = bootstrapUrlOf(id, base);
    try {
      const detected = await setUpPlugin(server, {
        run: (line) => rcon(server, line),
        free: async () => (await repo.activeMatchOn(id)) === undefined,
        log: (message) => ctx.logger.info({ module: 'servers', server: id }, message),
        // Only the plugin's own report verifies a server: the version read here is kept apart.
        detected: (found) =>
          repo.patchPluginState(id, { detectedFlavour: found.detected, detectedVersion: found.version }),
        setupCommands: (flavour) => setupCommands(flavour, { serverId: id, bootstrapToken, bootstrapUrl }),
      });
      ctx.logger.info(
        { module: 'servers', server: id },
        `setup sent over RCON to ${FLAVOUR_NAMES[detected.flavour].product}${detected.version ? ` ${detected.version}` : ''}`,
      );
      watchBootstrap(id, detected.flavour, bootstrapUrl, bootstrapToken);
    } catch (err) {
      const problem = rconProblem(err);
      await repo.patchPluginState(id, { setupError: problem });
      ctx.logger.warn({ module: 'servers', server: id }, `setup failed: ${problem}`);
    }
    announce(id);
  }

  /**
   * The address a setup points the server at: the one it was set up with while Matchday can still be
   * reached there, else Matchday's address now. A change makes the plugin delete the events it has
   * not delivered (src/RemoteLogConfig.cs), so it needs the admin's confirmation.
   */
  function eventBaseFor(server: ServerRecord, confirmed: boolean): string {
    const stored = server.eventBaseUrl;
    const { lanUrls, mdnsUrl } = ctx.addresses;
    if (stored === null || stored === ctx.publicUrl || [...lanUrls, mdnsUrl].includes(stored)) {
      return stored ?? ctx.publicUrl;
    }
    if (!confirmed) {
      throw new AppError(
        'EVENT_ADDRESS_CHANGES',
        409,
        `Matchday is no longer reachable at ${stored}, the address this server sends its events to. Setting it up again points them to ${ctx.publicUrl}, and the plugin then deletes the events it has not delivered yet (such as the end of a match played while Matchday was away). Confirm the change to go on.`,
      );
    }
    ctx.logger.warn(
      { module: 'servers', server: server.id },
      `events now go to ${ctx.publicUrl} instead of ${stored}: the plugin drops what it had not delivered`,
    );
    return ctx.publicUrl;
  }

  function stopWatch(id: string): void {
    clearTimeout(watches.get(id));
    watches.delete(id);
  }

  /**
   * Until a fetch with this setup's token reaches Matchday's address, sends the bootstrap URL again
   * (past the plugin's 5 s anti-spam); after the last try the setup fails with a clear reason. The
   * re-sends are counted in the server's row, so a restart resumes the count (`resumeWatches`).
   */
  function watchBootstrap(id: string, flavour: Flavour, url: string, token: string): void {
    const timer = ctx.sql.detached(() =>
      setTimeout(() => {
        resend().catch((err: unknown) =>
          ctx.logger.warn({ module: 'servers', server: id, err }, 'the bootstrap watch failed'),
        );
      }, BOOTSTRAP_WAIT_MS),
    );
    const resend = async () => {
      watches.delete(id);
      const server = await repo.get(id);
      if (!server || !stillWaiting(server, token)) {
        return;
      }
      if (server.bootstrapResends >= BOOTSTRAP_RESENDS) {
        const problem = `The server never fetched its settings from ${url} (sent ${1 + BOOTSTRAP_RESENDS} times): check that it can reach Matchday at ${new URL(url).origin} (firewall, address), then set it up again.`;
        await repo.patchPluginState(id, { setupError: problem });
        ctx.logger.warn({ module: 'servers', server: id }, `setup failed: ${problem}`);
        announce(id);
        return;
      }
      // Counted before it is sent: a second watch of this setup (another instance) sends nothing.
      if (await repo.claimBootstrapResend(id, token, server.bootstrapResends)) {
        ctx.logger.info({ module: 'servers', server: id }, 'no bootstrap fetch yet: sending its URL again');
        rcon(remember(server), bootstrapUrlCommand(flavour, url)).catch((err: unknown) =>
          ctx.logger.warn({ module: 'servers', server: id }, `bootstrap URL not sent: ${rconProblem(err)}`),
        );
        announce(id);
      }
      watchBootstrap(id, flavour, url, token);
    };
    timer.unref();
    watches.set(id, timer);
  }

  const stillWaiting = (server: ServerRecord, token: string) =>
    server.bootstrapToken === token && server.bootstrappedAt === null && server.setupError === null;

  /**
   * At start-up: every setup still waiting for its bootstrap fetch is watched again, its re-sends
   * counted on from the stored number (a restart neither forgets the watch nor grants three more tries).
   */
  async function resumeWatches(): Promise<void> {
    for (const server of await repo.list()) {
      if (server.setupAt !== null && server.bootstrapToken && stillWaiting(server, server.bootstrapToken)) {
        stopWatch(server.id);
        ctx.secrets.add(server.bootstrapToken);
        watchBootstrap(
          server.id,
          server.flavour,
          bootstrapUrlOf(server.id, server.eventBaseUrl),
          server.bootstrapToken,
        );
      }
    }
  }

  /**
   * The bootstrap answer for a server whose current bootstrap token was presented. Only a fetch
   * addressed to Matchday's current address counts as the plugin having its settings: one sent to
   * an older stored URL leaves the setup waiting (and the URL is sent again).
   */
  async function bootstrap(
    id: string,
    tokenServerId: string | undefined,
    requestHost: string | undefined,
  ): Promise<{ serverId: string; commands: string[] }> {
    const server = await find(id);
    if (tokenServerId !== id) {
      throw new AppError(
        'UNAUTHENTICATED',
        401,
        'The bootstrap token is stale or belongs to another server.',
      );
    }
    let reportToken = server.reportToken;
    if (!reportToken) {
      reportToken = newToken();
      ctx.secrets.add(reportToken);
    }
    const base = server.eventBaseUrl ?? ctx.publicUrl;
    const current = requestHost?.toLowerCase() === new URL(base).host.toLowerCase();
    await repo.patchPluginState(id, {
      reportToken,
      ...(current ? { bootstrappedAt: ctx.clock.now() } : {}),
      lastSeenAt: ctx.clock.now(),
    });
    if (current) {
      stopWatch(id);
      announce(id);
    } else {
      ctx.logger.warn(
        { module: 'servers', server: id },
        `bootstrap fetched through ${requestHost ?? 'an unknown address'}, not ${base}: the plugin keeps an old URL`,
      );
    }
    const settings = deps.settings.read();
    return {
      serverId: id,
      commands: bootstrapCommands(server.flavour, {
        eventUrl: `${base}/api/events/${encodeURIComponent(id)}`,
        serverToken: ctx.serverToken,
        reportUrl: `${base}/api/events/report`,
        reportToken,
        roundBackupUrl: `${base}/api/matches/backups`,
        demoRecording: settings.demoRecording,
      }),
    };
  }

  /**
   * The plugin started again (`server_configured` by `Startup`): the server booted on its start map
   * before the bootstrap turned GOTV on, and 1.4.21 keeps that map for a match that starts on it, so
   * its first map would record no demo (src/MatchManagement.cs:507-510, src/DemoManagement.cs).
   */
  async function afterRestart(id: string): Promise<void> {
    const server = await find(id);
    if (reloadsMapForGotv(server) || !deps.settings.read().demoRecording) {
      return;
    }
    await reloadAfterRestart(statusConvars(server.flavour).status, {
      run: (line) => rcon(server, line),
      free: async () => (await repo.activeMatchOn(id)) === undefined,
      log: (message) => ctx.logger.info({ module: 'servers', server: id }, message),
    });
  }

  return {
    setup,
    afterRestart,
    bootstrap,
    stopWatch,
    resumeWatches,
    /** Stops every watch (the app is closing). */
    stop(): void {
      for (const id of [...watches.keys()]) {
        stopWatch(id);
      }
    },
  };
}
