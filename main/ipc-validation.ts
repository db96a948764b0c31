import { z } from 'zod';
import { isSafeExternalUrl, isServerUrl } from './trusted-url.js';

/** Only the main window's own pages (the embedded server) may call the main process. */
export function isTrustedSender(senderUrl: string, serverOrigin: string): boolean {
  return isServerUrl(senderUrl, serverOrigin);
}

export const openExternalArgs = z.tuple([
  z.string().max(2048).refine(isSafeExternalUrl, 'only http(s) links'),
]);
export const noArgs = z.tuple([]);
