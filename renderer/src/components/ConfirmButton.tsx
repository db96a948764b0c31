import { useEffect, useRef, useState } from 'react';
import { useT } from '../i18n/index.js';

interface Props {
  /** The button's text, e.g. "Delete" (translated by the caller, as is `confirmLabel`). */
  label: string;
  /** What the confirming button says, e.g. "Confirm delete of Server 1". */
  confirmLabel: string;
  busy?: boolean;
  disabled?: boolean;
  onConfirm(): void;
}

/** A destructive action: the first click asks, the second does it; Cancel (or Escape) backs out. */
export function ConfirmButton({ label, confirmLabel, busy = false, disabled = false, onConfirm }: Props) {
  const [asking, setAsking] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const t = useT();
  useEffect(() => {
    if (asking) {
      confirmRef.current?.focus();
    }
  }, [asking]);
  if (!asking) {
    return (
      <button type="button" className="danger" disabled={disabled || busy} onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  }
  return (
    <span
      className="confirm-group"
      role="group"
      aria-label={confirmLabel}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          setAsking(false);
        }
      }}
    >
      <button
        ref={confirmRef}
        type="button"
        className="danger"
        disabled={busy}
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        {confirmLabel}
      </button>
      <button type="button" disabled={busy} onClick={() => setAsking(false)}>
        {t('common.cancel')}
      </button>
    </span>
  );
}
