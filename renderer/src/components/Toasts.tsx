import { useToasts } from '../stores/toasts.js';
import { useT } from '../i18n/index.js';

export function Toasts() {
  const { toasts, dismiss } = useToasts();
  const t = useT();
  return (
    <div className="toasts" role="status" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast-${toast.kind}`}>
          <span>{toast.message}</span>
          <button
            type="button"
            className="link"
            aria-label={t('common.dismiss')}
            onClick={() => dismiss(toast.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
