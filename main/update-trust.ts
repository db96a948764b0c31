/**
 * Whether this build can tell a genuine update from a forged one. Pure: the caller reads the file.
 *
 * electron-updater checks the sha512 that latest.yml lists, but latest.yml comes from the same place as the
 * installer. What a LAN cannot forge is the publisher's signature: on Windows electron-updater verifies it
 * against the publisher names that electron-builder wrote into app-update.yml, and skips the check when there
 * are none; on macOS Squirrel.Mac refuses an update that is not signed like the running app.
 */

/** The `publisherName` list of an app-update.yml as electron-builder writes it (a scalar or a block list). */
export function publisherNamesOf(appUpdateYml: string): string[] {
  const lines = appUpdateYml.split(/\r?\n/);
  const at = lines.findIndex((line) => /^publisherName:/.test(line));
  if (at < 0) {
    return [];
  }
  const inline = unquote(lines[at]!.slice('publisherName:'.length).trim());
  if (inline) {
    return [inline];
  }
  const names: string[] = [];
  for (const line of lines.slice(at + 1)) {
    const item = /^\s+-\s+(.*)$/.exec(line);
    if (!item) {
      break;
    }
    names.push(unquote(item[1]!.trim()));
  }
  return names.filter(Boolean);
}

function unquote(value: string): string {
  return value.replace(/^(['"])(.*)\1$/, '$2');
}

/**
 * Why this build must not update itself, or undefined when it can verify an update. Windows needs a
 * pinned publisher (electron-builder.yml pins one); other platforms rely on TLS or the organiser's own
 * folder, plus the signature check of Squirrel.Mac.
 */
export function updateTrustProblem(
  platform: NodeJS.Platform,
  publisherNames: readonly string[],
): string | undefined {
  if (platform === 'win32' && publisherNames.length === 0) {
    return 'This build pins no update publisher, so it cannot tell a forged update from a real one: it does not update itself. Install new versions by hand.';
  }
  return undefined;
}

/** The update installer replaces the running app: the server drains and closes its database first. */
export async function installWhenDrained(
  drainServer: () => Promise<void>,
  install: () => void,
): Promise<void> {
  await drainServer();
  install();
}
