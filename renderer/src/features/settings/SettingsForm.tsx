import type { FormEvent, ReactNode } from 'react';
import type { SettingsPatch } from '../../../../shared/contracts/settings.js';
import { admin, type SettingsAnswer } from '../../api/admin.js';
import { useAction } from '../../components/use-action.js';
import { useT } from '../../i18n/index.js';

interface Props {
  title: string;
  /** The section's changes, sent as one atomic PUT. */
  patch(): SettingsPatch;
  onSaved(answer: SettingsAnswer): void;
  children: ReactNode;
  /** Shown under the save button, e.g. the API's refusal. */
  error?: ReactNode;
  /** The button's text; Save when absent. */
  saveLabel?: string;
  onError?(err: unknown): void;
}

/** One section of the settings page: its fields and a Save that applies all of them or none. */
export function SettingsForm({ title, patch, onSaved, children, error, saveLabel, onError }: Props) {
  const t = useT();
  const { busy, run } = useAction();
  async function submit(event: FormEvent) {
    event.preventDefault();
    const answer = await run(
      () =>
        admin.updateSettings(patch()).catch((err: unknown) => {
          onError?.(err);
          throw err;
        }),
      t('settings.form.saved', { title }),
    );
    if (answer) {
      onSaved(answer);
    }
  }
  return (
    <form className="panel" aria-label={title} onSubmit={(e) => void submit(e)}>
      <h2>{title}</h2>
      {children}
      {error}
      <div className="actions">
        <button type="submit" className="primary" disabled={busy}>
          {busy ? t('settings.form.saving') : (saveLabel ?? t('common.save'))}
        </button>
      </div>
    </form>
  );
}
