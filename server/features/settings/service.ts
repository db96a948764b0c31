import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { settingsSchema, type Settings, type SettingsPatch } from '../../../shared/contracts/settings.js';
import { createSettingsRepo } from './repo.js';

export interface SimulationPolicy {
  allowed: boolean;
  reason: string | null;
}

const NOT_ALLOWED_REASON =
  'Simulation is off in production builds. Set PLUGIN_ENABLE_SIMULATION_IN_PROD=true and restart Matchday to allow it.';

/** The spec's simulation rule (API.md decision 4): production refuses it unless the variable allows it. */
export function simulationPolicy(config: AppContext['config']): SimulationPolicy {
  const allowed = !config.production || config.enableSimulationInProd;
  return { allowed, reason: allowed ? null : NOT_ALLOWED_REASON };
}

/** Warnings of the spec's timescale limits. */
export function timescaleWarnings(timescale: number): string[] {
  const warnings: string[] = [];
  if (timescale > 2) {
    warnings.push('Timescales above 2 can make bots act strangely.');
  }
  if (timescale > 4) {
    warnings.push('Timescales above 4 need plugin version 1.4.25 or newer on every game server.');
  }
  return warnings;
}

export function createSettingsService(ctx: AppContext) {
  const repo = createSettingsRepo(ctx.db);
  const policy = simulationPolicy(ctx.config);
  const listeners: ((settings: Settings, patch: SettingsPatch) => void)[] = [];

  /** Stored values over the defaults; a value an older version stored that no longer parses falls back. */
  function read(): Settings {
    const stored = repo.readAll();
    const parsed = settingsSchema.safeParse(stored);
    if (parsed.success) {
      return parsed.data;
    }
    const valid = Object.fromEntries(
      Object.entries(stored).filter(([key, value]) => {
        const field = settingsSchema.shape[key as keyof Settings];
        return field?.safeParse(value).success ?? false;
      }),
    );
    return settingsSchema.parse(valid);
  }

  return {
    read,
    policy,
    warnings: () => timescaleWarnings(read().simulationTimescale),

    /** All fields valid (the route checked each) and allowed, or nothing is saved. */
    update(patch: SettingsPatch): Settings {
      if (patch.simulateMatches === true && !policy.allowed) {
        throw new AppError('SIMULATION_NOT_ALLOWED', 403, NOT_ALLOWED_REASON);
      }
      ctx.db.transaction(() => repo.write(patch))();
      const saved = read();
      listeners.forEach((listener) => listener(saved, patch));
      return saved;
    },

    /** Calls `listener` after every saved change (simulation switched on completes pending vetoes). */
    onChange(listener: (settings: Settings, patch: SettingsPatch) => void): void {
      listeners.push(listener);
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
