import { useId, useState } from 'react';
import { MAX_CASTERS, type Caster } from '../../../../shared/contracts/settings.js';
import type { SettingsAnswer } from '../../api/admin.js';
import { useT } from '../../i18n/index.js';
import { SettingsForm } from './SettingsForm.js';

/**
 * Casters and observers: the game-server plugin kicks anyone on no roster, so each match loaded from
 * now on lists them as spectators (API.md decision 48). A match already loaded keeps its list.
 */
export function CastersSettings({
  answer,
  onSaved,
}: {
  answer: SettingsAnswer;
  onSaved(a: SettingsAnswer): void;
}) {
  const t = useT();
  const id = useId();
  const [casters, setCasters] = useState<Caster[]>(answer.settings.casters);
  const change = (index: number, patch: Partial<Caster>) =>
    setCasters(casters.map((c, i) => (i === index ? { ...c, ...patch } : c)));
  return (
    <SettingsForm
      title={t('settings.casters.title')}
      patch={() => ({ casters })}
      onSaved={(a) => {
        setCasters(a.settings.casters);
        onSaved(a);
      }}
    >
      <p className="muted">{t('settings.casters.help')}</p>
      {casters.length === 0 ? (
        <p className="muted">{t('settings.casters.none')}</p>
      ) : (
        <ul className="caster-list" aria-label={t('settings.casters.list')}>
          {casters.map((caster, index) => (
            <li key={index} className="fields">
              <div>
                <label htmlFor={`${id}-id-${index}`}>
                  {t('settings.casters.platformId', { number: index + 1 })}
                </label>
                <input
                  id={`${id}-id-${index}`}
                  inputMode="numeric"
                  placeholder={t('settings.casters.platformIdPlaceholder')}
                  value={caster.platformId}
                  onChange={(e) => change(index, { platformId: e.target.value.trim() })}
                />
              </div>
              <div>
                <label htmlFor={`${id}-name-${index}`}>
                  {t('settings.casters.name', { number: index + 1 })}
                </label>
                <input
                  id={`${id}-name-${index}`}
                  value={caster.name}
                  onChange={(e) => change(index, { name: e.target.value })}
                />
              </div>
              <button type="button" onClick={() => setCasters(casters.filter((_, i) => i !== index))}>
                {t('settings.casters.remove', { number: index + 1 })}
              </button>
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        disabled={casters.length >= MAX_CASTERS}
        onClick={() => setCasters([...casters, { platformId: '', name: '' }])}
      >
        {t('settings.casters.add')}
      </button>
    </SettingsForm>
  );
}
