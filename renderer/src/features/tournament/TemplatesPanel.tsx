import { useId, useState } from 'react';
import { admin, type Template, type TemplateInput } from '../../api/admin.js';
import { ConfirmButton } from '../../components/ConfirmButton.js';
import { useAction } from '../../components/use-action.js';
import { useTemplates } from '../../hooks/console-data.js';
import { TYPE_LABELS } from './labels.js';

interface Props {
  /** The wizard's current setup, saved as a template under a name. */
  current(): Omit<TemplateInput, 'name'>;
  onLoad(template: Template): void;
  disabled: boolean;
}

/** Saved tournament setups: save the current one, load one into the wizard, delete. */
export function TemplatesPanel({ current, onLoad, disabled }: Props) {
  const nameId = useId();
  const { data: templates, refresh } = useTemplates();
  const [name, setName] = useState('');
  const { busy, run } = useAction();

  async function save() {
    const saved = await run(() => admin.createTemplate({ ...current(), name }), `Template “${name}” saved.`);
    if (saved) {
      setName('');
      await refresh();
    }
  }

  return (
    <section className="panel" aria-label="Templates">
      <h2>Templates</h2>
      <form
        className="roster-row"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <div>
          <label htmlFor={nameId}>Save this setup as</label>
          <input
            id={nameId}
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="e.g. Quick bo1"
          />
        </div>
        <div>
          <label aria-hidden="true">&nbsp;</label>
          <button type="submit" disabled={busy || !name.trim()}>
            Save template
          </button>
        </div>
      </form>
      {templates && templates.length === 0 && <p className="muted">No templates yet.</p>}
      {templates && templates.length > 0 && (
        <ul className="attention-list" aria-label="Saved templates">
          {templates.map((t) => (
            <li key={t.id} className="attention" style={{ borderLeftColor: 'var(--accent)' }}>
              <div>
                <strong>{t.name}</strong>
                <div className="muted">
                  {TYPE_LABELS[t.type]}, {t.format}
                </div>
              </div>
              <span className="confirm-group">
                <button type="button" disabled={disabled} onClick={() => onLoad(t)}>
                  Load
                </button>
                <ConfirmButton
                  label="Delete"
                  confirmLabel={`Confirm delete of template ${t.name}`}
                  busy={busy}
                  onConfirm={() =>
                    void run(() => admin.deleteTemplate(t.id), `Template “${t.name}” deleted.`).then(refresh)
                  }
                />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
