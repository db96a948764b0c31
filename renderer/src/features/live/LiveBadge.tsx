import type { LiveStatus } from '../../api/live.js';
import { useLive } from '../../stores/live.js';
import { useT } from '../../i18n/index.js';

/** The notice's key per stream status; none while the stream is fine or first connecting. */
const NOTICE: Record<LiveStatus, 'live.reconnecting' | 'live.paused' | null> = {
  connecting: null,
  open: null,
  reconnecting: 'live.reconnecting',
  paused: 'live.paused',
};

/** A small notice while the live stream is down; it reconnects by itself. */
export function LiveBadge() {
  const status = useLive((s) => s.status);
  const t = useT();
  const notice = NOTICE[status];
  // Always rendered (empty when fine) so that its appearing never shifts the bar.
  return (
    <span className="live-badge" role="status" data-status={status}>
      {notice && t(notice)}
    </span>
  );
}
