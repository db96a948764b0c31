/** API token roles, one per environment variable (spec, Authentication point 2). */
export type TokenRole = 'admin' | 'readonly' | 'integrator';

export const TOKEN_VARIABLES: Record<TokenRole, string> = {
  admin: 'API_TOKENS',
  readonly: 'API_TOKENS_READONLY',
  integrator: 'API_TOKENS_INTEGRATOR',
};

export const MIN_TOKEN_SECRET_LENGTH = 16;

export interface ApiToken {
  role: TokenRole;
  label: string;
  secret: string;
}

export interface ParsedTokens {
  tokens: ApiToken[];
  /** Start-up warnings; they name the label or the entry's position, never the secret. */
  warnings: string[];
}

/**
 * Parses one token variable: entries `label:secret` or `secret`, separated by commas or white space.
 * Secrets shorter than 16 characters are ignored with a warning.
 */
export function parseTokenList(role: TokenRole, raw: string | undefined): ParsedTokens {
  const variable = TOKEN_VARIABLES[role];
  const entries = (raw ?? '').split(/[\s,]+/).filter((entry) => entry.length > 0);
  const tokens: ApiToken[] = [];
  const warnings: string[] = [];
  entries.forEach((entry, index) => {
    const colon = entry.indexOf(':');
    const hasLabel = colon > 0;
    const label = hasLabel ? entry.slice(0, colon) : `${variable}#${index + 1}`;
    const secret = hasLabel ? entry.slice(colon + 1) : entry;
    if (secret.length < MIN_TOKEN_SECRET_LENGTH) {
      const who = hasLabel ? `token "${label}"` : `entry ${index + 1}`;
      warnings.push(
        `${variable}: ${who} is ignored: its secret is shorter than ${MIN_TOKEN_SECRET_LENGTH} characters.`,
      );
      return;
    }
    tokens.push({ role, label, secret });
  });
  return { tokens, warnings };
}

export function parseAllTokens(env: Partial<Record<string, string>>): ParsedTokens {
  const parsed = (Object.keys(TOKEN_VARIABLES) as TokenRole[]).map((role) =>
    parseTokenList(role, env[TOKEN_VARIABLES[role]]),
  );
  return {
    tokens: parsed.flatMap((p) => p.tokens),
    warnings: parsed.flatMap((p) => p.warnings),
  };
}
