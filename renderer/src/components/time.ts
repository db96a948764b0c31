/** "12 s ago", "3 min ago", "2 h ago", or the date: how long since a Unix time, for a glance. */
export function timeAgo(unixSeconds: number | null, now = Date.now() / 1000): string {
  if (unixSeconds === null) {
    return 'never';
  }
  const seconds = Math.max(0, Math.round(now - unixSeconds));
  if (seconds < 60) {
    return `${seconds} s ago`;
  }
  if (seconds < 3600) {
    return `${Math.floor(seconds / 60)} min ago`;
  }
  if (seconds < 86_400) {
    return `${Math.floor(seconds / 3600)} h ago`;
  }
  return new Date(unixSeconds * 1000).toLocaleString();
}

/**
 * When a match should start (API.md decision 43): "about 12 min", or the local clock time ("about 14:35")
 * when it is more than an hour away. Counted from `startsAt`, so a shown estimate ages with the clock.
 */
export function aboutWhen(startsAt: number, now = Date.now() / 1000): string {
  const minutes = Math.max(0, Math.round((startsAt - now) / 60));
  return minutes > 60
    ? `about ${new Date(startsAt * 1000).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}`
    : `about ${minutes} min`;
}
