/**
 * The CS2 build a game server runs, read from its console over RCON, and whether it is behind the
 * newest build on the LAN. Pure: replies in, facts out; nothing here needs the internet.
 *
 * - `version` is answered by the plugin (MatchZy-Enhanced 1.4.21 src/ConsoleCommands.cs,
 *   OnVersionCommand): `Protocol version <ServerVersion> [<n>/<n>]`, the build from steam.inf.
 * - The engine's `status` has the line `version  : <PatchVersion>/<build> <changelist> secure  public`.
 */

export interface GameBuild {
  /** steam.inf ServerVersion, e.g. "14100"; builds compare as numbers. */
  buildId: string | null;
  /** steam.inf PatchVersion, e.g. "1.41.0.2". */
  version: string | null;
}

const VERSION_REPLY = /Protocol version (\d+)/;
const STATUS_VERSION_LINE = /^\s*version\s*:\s*(\d+(?:\.\d+)+)\/(\d+)\b/m;

/** What the `version` and `status` replies say; a reply that says nothing useful gives nulls. */
export function readGameBuild(versionReply: string, statusReply: string): GameBuild {
  const status = STATUS_VERSION_LINE.exec(statusReply);
  const version = VERSION_REPLY.exec(versionReply);
  return { buildId: status?.[2] ?? version?.[1] ?? null, version: status?.[1] ?? null };
}

const asBuild = (id: string | null): number | null => {
  const n = id === null ? NaN : Number(id);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

/** The newest build among servers, with one server that runs it; null when none reported one. */
export function newestBuild(
  servers: readonly { id: string; gameBuildId: string | null }[],
): { buildId: number; serverId: string } | null {
  let newest: { buildId: number; serverId: string } | null = null;
  for (const s of servers) {
    const build = asBuild(s.gameBuildId);
    if (build !== null && (newest === null || build > newest.buildId)) {
      newest = { buildId: build, serverId: s.id };
    }
  }
  return newest;
}

/** Whether a server's build is older than the newest one seen on the LAN (unknown builds are not). */
export function isOlderBuild(gameBuildId: string | null, newest: { buildId: number } | null): boolean {
  const build = asBuild(gameBuildId);
  return build !== null && newest !== null && build < newest.buildId;
}
