import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { RELOAD_CHANNEL } from '../../db/sql-port.js';
import { hashPassword } from '../../auth/password.js';
import {
  SECRET_SETTINGS,
  settingsSchema,
  type SecretSetting,
  type Settings,
  type SettingsPatch,
} from '../../../shared/contracts/settings.js';
import type { ErrorDetail } from '../../../shared/contracts/errors.js';
import { timescaleWarnings } from '../../../shared/domain/simulation.js';

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

/** What an enabled sign-in provider needs before it can work. */
const PROVIDER_NEEDS: { enabled: keyof Settings; needs: (keyof Settings | SecretSetting)[] }[] = [
  { enabled: 'discordSignIn', needs: ['discordClientId', 'discordClientSecret'] },
  { enabled: 'githubSignIn', needs: ['githubClientId', 'githubClientSecret'] },
  { enabled: 'oidcSignIn', needs: ['oidcIssuer', 'oidcClientId', 'oidcClientSecret'] },
];

/** A provider switched on without its client id, secret or issuer would only fail at sign-in time. */
export function providerProblems(
  settings: Settings,
  secretsSet: Record<SecretSetting, boolean>,
): ErrorDetail[] {
  const has = (key: keyof Settings | SecretSetting) =>
    key in secretsSet ? secretsSet[key as SecretSetting] : settings[key as keyof Settings] !== '';
  return PROVIDER_NEEDS.filter((p) => settings[p.enabled] === true).flatMap((p) =>
    p.needs
      .filter((key) => !has(key))
      .map((key) => ({ path: key, message: `needed to turn ${p.enabled} on` })),
  );
}

/** Stored values over the defaults; a value an older version stored that no longer parses falls back. */
export async function readSettings(
  repo: Pick<AppContext['repos']['settings'], 'readAll'>,
): Promise<Settings> {
  const stored = await repo.readAll();
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

export function createSettingsService(ctx: AppContext) {
  const repo = ctx.repos.settings;
  const policy = simulationPolicy(ctx.config);
  const listeners: ((settings: Settings, patch: SettingsPatch) => void)[] = [];
  // Read on every request (team size, timers, sign-in): kept in memory, loaded at start and after
  // every save through this service.
  let loaded: { settings: Settings; secrets: Map<SecretSetting, string> } | undefined;

  async function load(): Promise<void> {
    const secrets = new Map<SecretSetting, string>();
    for (const key of SECRET_SETTINGS) {
      const value = await repo.readSecret(key);
      if (value !== undefined) {
        secrets.set(key, value);
        ctx.secrets.add(value);
      }
    }
    loaded = { settings: await readSettings(repo), secrets };
  }

  function current() {
    if (!loaded) {
      throw new Error('The settings are read before they were loaded.');
    }
    return loaded;
  }

  const secretsSet = () =>
    Object.fromEntries(SECRET_SETTINGS.map((key) => [key, current().secrets.has(key)])) as Record<
      SecretSetting,
      boolean
    >;

  /** A write-only value as stored (the admin password as its scrypt hash). */
  async function storedSecretValue(key: SecretSetting, value: string | null): Promise<string | null> {
    if (value === null) {
      return null;
    }
    return key === 'adminPassword' ? hashPassword(value) : value;
  }

  const read = (): Settings => current().settings;

  return {
    /** Reads the stored settings into memory: before the first `read()`, and after a restore. */
    load,
    read,
    policy,
    warnings: () => timescaleWarnings(read().simulationTimescale),

    secretsSet,
    /** A write-only setting's value (a client secret, the admin password's hash), if set. */
    secret: (key: SecretSetting): string | undefined => current().secrets.get(key),

    /** All fields valid (the route checked each) and allowed, or nothing is saved. */
    async update(patch: SettingsPatch): Promise<Settings> {
      if (patch.simulateMatches === true && !policy.allowed) {
        throw new AppError('SIMULATION_NOT_ALLOWED', 403, NOT_ALLOWED_REASON);
      }
      const plain = Object.fromEntries(
        Object.entries(patch).filter(([key]) => !SECRET_SETTINGS.includes(key as SecretSetting)),
      );
      const secrets: [SecretSetting, string | null][] = [];
      for (const key of SECRET_SETTINGS) {
        const value = patch[key];
        if (value !== undefined) {
          secrets.push([key, await storedSecretValue(key, value)]);
        }
      }
      const setAfter = { ...secretsSet(), ...Object.fromEntries(secrets.map(([k, v]) => [k, v !== null])) };
      const problems = providerProblems({ ...read(), ...plain } as Settings, setAfter);
      if (problems.length > 0) {
        throw new AppError(
          'VALIDATION_FAILED',
          400,
          `Invalid body: ${problems[0]!.path}: ${problems[0]!.message}.`,
          problems,
        );
      }
      await ctx.sql.tx(async () => {
        await repo.write(plain);
        for (const [key, value] of secrets) {
          await repo.writeSecret(key, value);
        }
        await ctx.sql.notify?.(RELOAD_CHANNEL);
      });
      await load();
      const saved = read();
      // Listeners get the plain settings only: a password never travels further than its hash.
      listeners.forEach((listener) => listener(saved, plain as SettingsPatch));
      return saved;
    },

    /** Calls `listener` after every saved change (simulation switched on completes pending vetoes). */
    onChange(listener: (settings: Settings, patch: SettingsPatch) => void): void {
      listeners.push(listener);
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
