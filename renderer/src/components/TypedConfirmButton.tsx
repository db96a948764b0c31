import { useEffect, useId, useRef, useState } from 'react';
import { useT } from '../i18n/index.js';

interface Props {
  /** The button's text (translated by the caller, as is `confirmLabel`). */
  label: string;
  confirmLabel: string;
  /** What must be typed to confirm, the same in every language. */
  word: string;
  busy?: boolean;
  onConfirm(): void;
}

/**
 * An action that cannot be undone and destroys much (every match): the confirming button waits until
 * `word` is typed, so a double click never runs it. Cancel (or Escape) backs out.
 */
export function TypedConfirmButton({ label, confirmLabel, word, busy = false, onConfirm }: Props) {
  const [asking, setAsking] = useState(false);
  const [typed, setTyped] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const t = useT();
  useEffect(() => {
    if (asking) {
      input.current?.focus();
    }
  }, [asking]);
  const close = () => {
    setAsking(false);
    setTyped('');
  };
  if (!asking) {
    return (
      <button type="button" className="danger" disabled={busy} onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  }
  return (
    <div
      className="typed-confirm"
      role="group"
      aria-label={confirmLabel}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          close();
        }
      }}
    >
      <label htmlFor={inputId}>{t('components.typedConfirm.prompt', { word })}</label>
      <input
        ref={input}
        id={inputId}
        value={typed}
        autoComplete="off"
        spellCheck={false}
        onChange={(e) => setTyped(e.target.value)}
      />
      <div className="actions">
        <button
          type="button"
          className="danger"
          disabled={busy || typed.trim() !== word}
          onClick={() => {
            close();
            onConfirm();
          }}
        >
          {confirmLabel}
        </button>
        <button type="button" disabled={busy} onClick={close}>
          {t('common.cancel')}
        </button>
      </div>
    </div>
  );
}
