import { describe, expect, it } from 'vitest';
import { parseAllTokens, parseTokenList } from '../../server/auth/tokens.js';

const LONG = 'abcdefghijklmnop'; // exactly 16 characters
const SHORT = 'abcdefghijklmno'; // 15 characters

describe('parseTokenList', () => {
  it('reads label:secret entries and keeps the label', () => {
    expect(parseTokenList('admin', `bot:${LONG}`).tokens).toEqual([
      { role: 'admin', label: 'bot', secret: LONG },
    ]);
  });

  it('accepts a bare secret and names it by variable and position', () => {
    expect(parseTokenList('readonly', LONG).tokens).toEqual([
      { role: 'readonly', label: 'API_TOKENS_READONLY#1', secret: LONG },
    ]);
  });

  it('splits on commas, spaces, tabs and new lines alike', () => {
    const raw = `a:${LONG}1, b:${LONG}2 c:${LONG}3\t${LONG}4\n,,d:${LONG}5`;
    expect(parseTokenList('admin', raw).tokens.map((t) => t.label)).toEqual([
      'a',
      'b',
      'c',
      'API_TOKENS#4',
      'd',
    ]);
  });

  it('keeps colons inside the secret (only the first colon separates the label)', () => {
    expect(parseTokenList('admin', `ci:${LONG}:x`).tokens[0]).toMatchObject({
      label: 'ci',
      secret: `${LONG}:x`,
    });
  });

  it('accepts a secret of exactly 16 characters and ignores one of 15 with a warning naming the label', () => {
    const parsed = parseTokenList('integrator', `site:${SHORT} ok:${LONG}`);
    expect(parsed.tokens.map((t) => t.label)).toEqual(['ok']);
    expect(parsed.warnings).toEqual([expect.stringContaining('"site"')]);
    expect(parsed.warnings[0]).toContain('API_TOKENS_INTEGRATOR');
  });

  it('never puts the secret in a warning, labelled or not', () => {
    const parsed = parseTokenList('admin', `x:${SHORT} ${SHORT}`);
    expect(parsed.warnings).toHaveLength(2);
    for (const warning of parsed.warnings) {
      expect(warning).not.toContain(SHORT);
    }
    expect(parsed.warnings[1]).toContain('entry 2');
  });

  it('gives no tokens for an empty or missing variable', () => {
    expect(parseTokenList('admin', undefined)).toEqual({ tokens: [], warnings: [] });
    expect(parseTokenList('admin', ' , ')).toEqual({ tokens: [], warnings: [] });
  });
});

describe('parseAllTokens', () => {
  it('reads the three variables with their roles', () => {
    const parsed = parseAllTokens({
      API_TOKENS: `a:${LONG}`,
      API_TOKENS_READONLY: `r:${LONG}`,
      API_TOKENS_INTEGRATOR: `i:${LONG}`,
    });
    expect(parsed.tokens.map((t) => `${t.role}:${t.label}`)).toEqual([
      'admin:a',
      'readonly:r',
      'integrator:i',
    ]);
  });
});
