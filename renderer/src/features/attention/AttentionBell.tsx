import { useEffect } from 'react';
import { Link } from 'react-router';
import { useAdminLiveData } from '../../stores/admin-live.js';
import { useT } from '../../i18n/index.js';
import { chimeFor, useAttentionMuted } from './attention-sound.js';

/** In the console's top bar on every admin page: the open items' count, one click from the list, and the sound switch. */
export function AttentionBell() {
  const { attention, lastRaised } = useAdminLiveData();
  const [muted, setMuted] = useAttentionMuted();
  const t = useT();
  useEffect(() => {
    if (lastRaised) {
      chimeFor(lastRaised.id, muted);
    }
  }, [lastRaised, muted]);
  const open = attention?.filter((i) => !i.acknowledged).length ?? 0;
  const total = attention?.length ?? 0;
  return (
    <div className="attention-bell">
      <Link
        to="/admin/attention"
        className={open > 0 ? 'attention-count attention-count-open' : 'attention-count'}
        aria-label={t('attention.bell.label', { count: open, total })}
        data-testid="attention-count"
      >
        <span aria-hidden="true">⚑</span> {open}
        {total > open && <span className="muted"> / {total}</span>}
      </Link>
      <button
        type="button"
        className="attention-mute"
        aria-label={muted ? t('attention.bell.soundOff') : t('attention.bell.soundOn')}
        title={muted ? t('attention.bell.unmute') : t('attention.bell.mute')}
        onClick={() => setMuted(!muted)}
      >
        {/* A phone's bar has room for a note sign only; the words stay the button's name. */}
        <span className="attention-mute-word">
          {muted ? t('attention.bell.soundOff') : t('attention.bell.soundOn')}
        </span>
        <span className="attention-mute-sign" aria-hidden="true">
          {muted ? '♪̸' : '♪'}
        </span>
      </button>
    </div>
  );
}
