import { useId, useState } from 'react';
import { Link } from 'react-router';
import { TIMESCALE_MAX, TIMESCALE_MIN } from '../../../../shared/contracts/settings.js';
import { timescaleWarningKinds } from '../../../../shared/domain/simulation.js';
import type { SettingsAnswer } from '../../api/admin.js';
import { ApiError } from '../../api/client.js';
import { errorText } from '../../i18n/error-text.js';
import { formatNumber } from '../../i18n/format.js';
import { useT } from '../../i18n/index.js';
import { SettingsForm } from './SettingsForm.js';

interface Props {
  answer: SettingsAnswer;
  onSaved(answer: SettingsAnswer): void;
}

/** Bots play every match (shown only where simulation is allowed); the spec's timescale warnings. */
export function SimulationSettings({ answer, onSaved }: Props) {
  const t = useT();
  const id = useId();
  const [on, setOn] = useState(answer.settings.simulateMatches);
  const [timescale, setTimescale] = useState(answer.settings.simulationTimescale);
  const [refusal, setRefusal] = useState<string | null>(null);
  const warnings = timescaleWarningKinds(timescale);
  const shownTimescale = formatNumber(timescale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (
    <SettingsForm
      title={t('settings.simulation.title')}
      patch={() => ({ simulateMatches: on, simulationTimescale: timescale })}
      onSaved={(saved) => {
        setRefusal(null);
        onSaved(saved);
      }}
      onError={(err) => {
        if (err instanceof ApiError && err.code === 'SIMULATION_NOT_ALLOWED') {
          setRefusal(errorText(err));
        }
      }}
      error={
        refusal && (
          <p className="field-error" role="alert">
            {refusal}
          </p>
        )
      }
    >
      <p className="muted">{t('settings.simulation.help')}</p>
      <p>
        <Link to="/admin/dev-tools">{t('settings.simulation.devTools')}</Link>
      </p>
      <label className="check">
        <input type="checkbox" checked={on} onChange={(e) => setOn(e.target.checked)} />
        {t('settings.simulation.simulate')}
      </label>
      <label htmlFor={`${id}-timescale`} style={{ marginTop: '0.75rem' }}>
        {t('settings.simulation.timescale')} <strong className="stat">{shownTimescale}×</strong>
      </label>
      <input
        id={`${id}-timescale`}
        type="range"
        min={TIMESCALE_MIN}
        max={TIMESCALE_MAX}
        step={0.1}
        value={timescale}
        aria-valuetext={t('settings.simulation.timescaleValue', { value: shownTimescale })}
        onChange={(e) => setTimescale(Number(e.target.value))}
      />
      <p className="muted">
        {t('settings.simulation.timescaleHelp', {
          min: formatNumber(TIMESCALE_MIN),
          max: formatNumber(TIMESCALE_MAX),
        })}
      </p>
      {warnings.length > 0 && (
        <ul className="problems warn-text" aria-label={t('settings.simulation.warningsLabel')}>
          {warnings.map((w) => (
            <li key={w}>{t(`settings.simulation.warnings.${w}`)}</li>
          ))}
        </ul>
      )}
    </SettingsForm>
  );
}
