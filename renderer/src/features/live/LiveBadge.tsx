import type { LiveStatus } from '../../api/live.js';
import { useLive } from '../../stores/live.js';

const NOTICE: Record<LiveStatus, string> = {
  connecting: '',
  open: '',
  reconnecting: 'Reconnecting…',
  paused: 'Live updates paused, retrying…',
};

/** A small notice while the live stream is down; it reconnects by itself. */
export function LiveBadge() {
  const status = useLive((s) => s.status);
  // Always rendered (empty when fine) so that its appearing never shifts the bar.
  return (
    <span className="live-badge" role="status" data-status={status}>
      {NOTICE[status]}
    </span>
  );
}
