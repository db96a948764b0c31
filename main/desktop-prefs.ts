import fs from 'node:fs';
import { z } from 'zod';

export const DEFAULT_PORT = 3000;

/** The desktop shell's own settings, in the user-data folder (the event's data stays in the database). */
const prefsSchema = z.object({
  /** The port players' bookmarks and the installer's firewall rule know; changed when it was taken. */
  port: z.number().int().min(1).max(65535).catch(DEFAULT_PORT).default(DEFAULT_PORT),
  /** The "Matchday keeps running in the tray" notice is shown once. */
  closeNoticeShown: z.boolean().catch(false).default(false),
  /** Update feed: an https URL or a folder on this computer; empty = the app does not update itself. */
  updateSource: z.string().max(1024).catch('').default(''),
  /** Announce http://<name>.local:<port> on the LAN (mDNS); empty = off. */
  mdnsName: z.string().max(63).catch('').default(''),
});

export type DesktopPrefs = z.infer<typeof prefsSchema>;

/** Saved preferences with every unreadable or invalid field replaced by its default. */
export function parsePrefs(raw: unknown): DesktopPrefs {
  return prefsSchema.parse(typeof raw === 'object' && raw !== null ? raw : {});
}

export function readPrefs(file: string): DesktopPrefs {
  try {
    return parsePrefs(JSON.parse(fs.readFileSync(file, 'utf8')));
  } catch {
    return parsePrefs({});
  }
}

export function writePrefs(file: string, prefs: DesktopPrefs): void {
  fs.writeFileSync(file, JSON.stringify(prefs, null, 2));
}
