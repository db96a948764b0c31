import { useId, useState, type FormEvent } from 'react';
import { endpoints } from '../../api/endpoints.js';
import { errorText } from '../../i18n/error-text.js';
import { useT } from '../../i18n/index.js';

/** API.md decision 65: the limit the server enforces too. */
const MESSAGE_MAX = 200;

/** "Call an admin": one line to the organiser's queue (one call per 2 minutes). */
export function CallAdmin() {
  const t = useT();
  const id = useId();
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  async function call(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      await endpoints.callAdmin(message.trim());
      setMessage('');
      setAnswer({ kind: 'ok', text: t('me.callAdmin.sent') });
    } catch (err) {
      setAnswer({ kind: 'error', text: errorText(err) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <form aria-label={t('me.callAdmin.title')} onSubmit={(e) => void call(e)}>
      <label htmlFor={`${id}-message`}>{t('me.callAdmin.label')}</label>
      <input
        id={`${id}-message`}
        value={message}
        maxLength={MESSAGE_MAX}
        required
        placeholder={t('me.callAdmin.placeholder')}
        onChange={(e) => setMessage(e.target.value)}
      />
      <div className="actions">
        <button type="submit" className="primary" disabled={busy || message.trim() === ''}>
          {t('me.callAdmin.send')}
        </button>
      </div>
      {answer && (
        <p
          className={answer.kind === 'ok' ? 'ok-text' : 'banner-error'}
          role={answer.kind === 'ok' ? 'status' : 'alert'}
        >
          {answer.text}
        </p>
      )}
    </form>
  );
}
