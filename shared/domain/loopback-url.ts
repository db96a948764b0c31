/**
 * Whether a URL names this machine only (127.0.0.0/8, ::1, localhost): a phone that scans it reaches
 * itself, never Matchday. Pure; an unreadable URL counts as not loopback.
 */
export function isLoopbackUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return false;
  }
  return host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}
