import { useId, useState } from 'react';
import { admin, type Template, type TemplateInput } from '../../api/admin.js';
import { ConfirmButton } from '../../components/ConfirmButton.js';
import { useAction } from '../../components/use-action.js';
import { useTemplates } from '../../hooks/console-data.js';
import { useT } from '../../i18n/index.js';

interface Props {
  /** The wizard's current setup, saved as a template under a name. */
  current(): Omit<TemplateInput, 'name'>;
  onLoad(template: Template): void;
  disabled: boolean;
}

/** Saved tournament setups: save the current one, load one into the wizard, delete. */
export function TemplatesPanel({ current, onLoad, disabled }: Props) {
  const t = useT();
  const nameId = useId();
  const { data: templates, refresh } = useTemplates();
  const [name, setName] = useState('');
  const { busy, run } = useAction();

  async function save() {
    const saved = await run(
      () => admin.createTemplate({ ...current(), name }),
      t('tournament.templates.saved', { name }),
    );
    if (saved) {
      setName('');
      await refresh();
    }
  }

  return (
    <section className="panel" aria-label={t('tournament.templates.title')}>
      <h2>{t('tournament.templates.title')}</h2>
      <form
        className="roster-row"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <div>
          <label htmlFor={nameId}>{t('tournament.templates.saveAs')}</label>
          <input
            id={nameId}
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder={t('tournament.templates.placeholder')}
          />
        </div>
        <div>
          <label aria-hidden="true">&nbsp;</label>
          <button type="submit" disabled={busy || !name.trim()}>
            {t('tournament.templates.save')}
          </button>
        </div>
      </form>
      {templates && templates.length === 0 && <p className="muted">{t('tournament.templates.none')}</p>}
      {templates && templates.length > 0 && (
        <ul className="attention-list" aria-label={t('tournament.templates.list')}>
          {templates.map((tpl) => (
            <li key={tpl.id} className="attention" style={{ borderLeftColor: 'var(--accent)' }}>
              <div>
                <strong>{tpl.name}</strong>
                <div className="muted">
                  {t('tournament.templates.summary', {
                    type: t(`tournament.type.${tpl.type}`),
                    format: tpl.format,
                  })}
                </div>
              </div>
              <span className="confirm-group">
                <button type="button" disabled={disabled} onClick={() => onLoad(tpl)}>
                  {t('tournament.templates.load')}
                </button>
                <ConfirmButton
                  label={t('tournament.templates.delete')}
                  confirmLabel={t('tournament.templates.deleteConfirm', { name: tpl.name })}
                  busy={busy}
                  onConfirm={() =>
                    void run(
                      () => admin.deleteTemplate(tpl.id),
                      t('tournament.templates.deleted', { name: tpl.name }),
                    ).then(refresh)
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
