import { describe, expect, it } from 'vitest';
import { safeReturnTo, SignInFailure } from '../../server/features/auth/providers/flow.js';
import { steamSignInUrl, verifySteamAssertion } from '../../server/features/auth/providers/steam.js';

const ENDPOINT = 'https://steamcommunity.com/openid/login';
const RETURN_TO = 'http://192.168.1.10:3000/api/auth/steam/callback?state=abc';
const NOW = Date.parse('2026-05-01T12:00:00Z') / 1000;
const CLAIMED = 'https://steamcommunity.com/openid/id/76561198000000001';

/** A positive assertion as the provider sends it; the checks here all fail before any network call. */
function assertion(changes: Record<string, string | undefined> = {}): Record<string, unknown> {
  return {
    'openid.ns': 'http://specs.openid.net/auth/2.0',
    'openid.mode': 'id_res',
    'openid.op_endpoint': ENDPOINT,
    'openid.claimed_id': CLAIMED,
    'openid.identity': CLAIMED,
    'openid.return_to': RETURN_TO,
    'openid.response_nonce': '2026-05-01T11:59:30Zabc123',
    'openid.assoc_handle': '1234567890',
    'openid.signed': 'signed,op_endpoint,claimed_id,identity,return_to,response_nonce,assoc_handle',
    'openid.sig': 'c2lnbmF0dXJl',
    ...changes,
  };
}

async function failure(query: Record<string, unknown>): Promise<string> {
  try {
    await verifySteamAssertion(query, { endpoint: ENDPOINT, returnTo: RETURN_TO, now: NOW });
  } catch (err) {
    if (err instanceof SignInFailure) {
      return err.code;
    }
    throw err;
  }
  return 'accepted';
}

describe('game-platform OpenID 2.0 assertion checks', () => {
  it.each([
    ['a cancel', { 'openid.mode': 'cancel' }, 'denied'],
    ['another mode', { 'openid.mode': 'setup_needed' }, 'bad-identity'],
    [
      'another provider endpoint',
      { 'openid.op_endpoint': 'https://evil.example/openid/login' },
      'bad-identity',
    ],
    ['another return URL', { 'openid.return_to': 'http://evil.example/cb' }, 'bad-identity'],
    [
      'the claimed id left unsigned',
      { 'openid.signed': 'signed,op_endpoint,identity,return_to,response_nonce,assoc_handle' },
      'bad-signature',
    ],
    [
      'a claimed id of another site',
      { 'openid.claimed_id': 'https://evil.example/id/76561198000000001' },
      'bad-identity',
    ],
    [
      'a 16-digit id',
      { 'openid.claimed_id': 'https://steamcommunity.com/openid/id/7656119800000000' },
      'bad-identity',
    ],
    ['identity differing from the claimed id', { 'openid.identity': `${CLAIMED}0` }, 'bad-identity'],
    ['a nonce older than 5 minutes', { 'openid.response_nonce': '2026-05-01T11:54:00Zabc' }, 'replayed'],
    ['a nonce without a time', { 'openid.response_nonce': 'abc' }, 'replayed'],
  ])('refuses %s', async (_what, changes, code) => {
    expect(await failure(assertion(changes))).toBe(code);
  });

  it('asks the provider to confirm the signature last; an unreachable provider is named as such', async () => {
    const unreachable = 'http://127.0.0.1:9/openid/login';
    const query = assertion({ 'openid.op_endpoint': unreachable });
    await expect(
      verifySteamAssertion(query, { endpoint: unreachable, returnTo: RETURN_TO, now: NOW }),
    ).rejects.toMatchObject({ code: 'provider-unreachable' });
  });

  it('builds an identifier-select request that comes back to the given URL', () => {
    const url = new URL(steamSignInUrl(ENDPOINT, RETURN_TO, 'http://192.168.1.10:3000'));
    expect(url.origin + url.pathname).toBe(ENDPOINT);
    expect(url.searchParams.get('openid.mode')).toBe('checkid_setup');
    expect(url.searchParams.get('openid.return_to')).toBe(RETURN_TO);
    expect(url.searchParams.get('openid.claimed_id')).toBe(
      'http://specs.openid.net/auth/2.0/identifier_select',
    );
  });
});

describe('return paths after sign-in', () => {
  it.each([
    ['/veto/abc', '/veto/abc'],
    ['/', '/'],
    ['//evil.example/x', null],
    ['/\\evil.example', null],
    ['https://evil.example', null],
    [undefined, null],
  ])('%s -> %s', (given, expected) => {
    expect(safeReturnTo(given)).toBe(expected);
  });
});
