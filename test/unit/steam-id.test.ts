import { describe, expect, it } from 'vitest';
import { platformIdProblemMessage, readPlatformId } from '../../shared/domain/steam-id.js';

describe('readPlatformId', () => {
  it.each([
    ['the bare 17-digit id', '76561197960265975'],
    ['STEAM_0:1:123', 'STEAM_0:1:123'],
    ['STEAM_1:1:123 (the universe digit games print today)', 'STEAM_1:1:123'],
    ['[U:1:247]', '[U:1:247]'],
    ['a profile address', 'https://steamcommunity.com/profiles/76561197960265975'],
    [
      'a profile address with www, a slash and spaces',
      '  http://www.steamcommunity.com/profiles/76561197960265975/ ',
    ],
  ])('reads %s as the 17-digit id', (_what, typed) => {
    expect(readPlatformId(typed)).toEqual({ ok: true, platformId: '76561197960265975' });
  });

  it('puts the low bit of STEAM_x:y:z in y', () => {
    expect(readPlatformId('STEAM_0:0:123')).toEqual({ ok: true, platformId: '76561197960265974' });
  });

  it('reads account 0 as the base id', () => {
    expect(readPlatformId('[U:1:0]')).toEqual({ ok: true, platformId: '76561197960265728' });
  });

  it('refuses a custom profile address as one that cannot be looked up offline', () => {
    expect(readPlatformId('https://steamcommunity.com/id/someone/')).toEqual({
      ok: false,
      problem: 'vanity-url',
    });
    expect(platformIdProblemMessage('vanity-url')).toMatch(/cannot be looked up offline/);
  });

  it.each([
    ['16 digits', '7656119796026597'],
    ['STEAM_ with a y of 2', 'STEAM_0:2:123'],
    ['an account id past 32 bits', '[U:1:4294967296]'],
    ['another universe', '[U:2:123]'],
    ['another site', 'https://example.com/profiles/76561197960265975'],
    ['empty text', ''],
  ])('refuses %s', (_what, typed) => {
    expect(readPlatformId(typed)).toEqual({ ok: false, problem: 'unknown-form' });
  });

  it('names every accepted form in the message', () => {
    expect(platformIdProblemMessage('unknown-form')).toMatch(
      /17-digit.*STEAM_0:1:123.*\[U:1:123\].*profiles/,
    );
  });
});
