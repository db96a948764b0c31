import { useId, useState } from 'react';
import { MAX_CASTERS, type Caster } from '../../../../shared/contracts/settings.js';
import type { SettingsAnswer } from '../../api/admin.js';
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
  const id = useId();
  const [casters, setCasters] = useState<Caster[]>(answer.settings.casters);
  const change = (index: number, patch: Partial<Caster>) =>
    setCasters(casters.map((c, i) => (i === index ? { ...c, ...patch } : c)));
  return (
    <SettingsForm
      title="Casters and observers"
      patch={() => ({ casters })}
      onSaved={(a) => {
        setCasters(a.settings.casters);
        onSaved(a);
      }}
    >
      <p className="muted">
        People on no team who must be let onto the game servers (casters, observers, referees). They join as
        spectators of every match loaded after you save; a match already on a server keeps its list.
      </p>
      {casters.length === 0 ? (
        <p className="muted">No casters yet.</p>
      ) : (
        <ul className="caster-list" aria-label="Casters">
          {casters.map((caster, index) => (
            <li key={index} className="fields">
              <div>
                <label htmlFor={`${id}-id-${index}`}>Platform id of caster {index + 1}</label>
                <input
                  id={`${id}-id-${index}`}
                  inputMode="numeric"
                  placeholder="17 digits"
                  value={caster.platformId}
                  onChange={(e) => change(index, { platformId: e.target.value.trim() })}
                />
              </div>
              <div>
                <label htmlFor={`${id}-name-${index}`}>Name of caster {index + 1}</label>
                <input
                  id={`${id}-name-${index}`}
                  value={caster.name}
                  onChange={(e) => change(index, { name: e.target.value })}
                />
              </div>
              <button type="button" onClick={() => setCasters(casters.filter((_, i) => i !== index))}>
                Remove caster {index + 1}
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
        Add caster
      </button>
    </SettingsForm>
  );
}
