import { useId, useState } from 'react';
import { TIMESCALE_MAX, TIMESCALE_MIN } from '../../../../shared/contracts/settings.js';
import { timescaleWarnings } from '../../../../shared/domain/simulation.js';
import type { SettingsAnswer } from '../../api/admin.js';
import { ApiError } from '../../api/client.js';
import { SettingsForm } from './SettingsForm.js';

interface Props {
  answer: SettingsAnswer;
  onSaved(answer: SettingsAnswer): void;
}

/** Bots play every match (shown only where simulation is allowed); the spec's timescale warnings. */
export function SimulationSettings({ answer, onSaved }: Props) {
  const id = useId();
  const [on, setOn] = useState(answer.settings.simulateMatches);
  const [timescale, setTimescale] = useState(answer.settings.simulationTimescale);
  const [refusal, setRefusal] = useState<string | null>(null);
  const warnings = timescaleWarnings(timescale);
  return (
    <SettingsForm
      title="Simulation"
      patch={() => ({ simulateMatches: on, simulationTimescale: timescale })}
      onSaved={(saved) => {
        setRefusal(null);
        onSaved(saved);
      }}
      onError={(err) => {
        if (err instanceof ApiError && err.code === 'SIMULATION_NOT_ALLOWED') {
          setRefusal(err.message);
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
      <p className="muted">
        Bots play every match and vetoes are done automatically: for a test install only. Turning it on while
        a tournament runs completes the pending vetoes.
      </p>
      <label className="check">
        <input type="checkbox" checked={on} onChange={(e) => setOn(e.target.checked)} />
        Simulate matches
      </label>
      <label htmlFor={`${id}-timescale`} style={{ marginTop: '0.75rem' }}>
        Timescale: <strong className="stat">{timescale.toFixed(1)}×</strong>
      </label>
      <input
        id={`${id}-timescale`}
        type="range"
        min={TIMESCALE_MIN}
        max={TIMESCALE_MAX}
        step={0.1}
        value={timescale}
        aria-valuetext={`${timescale.toFixed(1)} times`}
        onChange={(e) => setTimescale(Number(e.target.value))}
      />
      <p className="muted">
        {TIMESCALE_MIN} to {TIMESCALE_MAX}. Sent in the match config when a match loads: a change affects only
        matches that load afterwards.
      </p>
      {warnings.length > 0 && (
        <ul className="problems warn-text" aria-label="Timescale warnings">
          {warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      )}
    </SettingsForm>
  );
}
