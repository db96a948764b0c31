import { providerFetch, SignInFailure } from './flow.js';

const OPENID_NS = 'http://specs.openid.net/auth/2.0';
const IDENTIFIER_SELECT = 'http://specs.openid.net/auth/2.0/identifier_select';
/** The game platform's claimed ids; the 17-digit number at the end is the player's platform id. */
const CLAIMED_ID = /^https:\/\/steamcommunity\.com\/openid\/id\/(\d{17})$/;
/** Fields a positive assertion must sign (OpenID 2.0 section 10.1). */
const MUST_BE_SIGNED = [
  'op_endpoint',
  'return_to',
  'response_nonce',
  'assoc_handle',
  'claimed_id',
  'identity',
];
/** How old a response nonce may be; older answers are refused as replays. */
export const NONCE_MAX_AGE_SECONDS = 300;

/** The provider URL that asks the person to sign in and come back to `returnTo`. */
export function steamSignInUrl(endpoint: string, returnTo: string, realm: string): string {
  const url = new URL(endpoint);
  url.search = new URLSearchParams({
    'openid.ns': OPENID_NS,
    'openid.mode': 'checkid_setup',
    'openid.return_to': returnTo,
    'openid.realm': realm,
    'openid.identity': IDENTIFIER_SELECT,
    'openid.claimed_id': IDENTIFIER_SELECT,
  }).toString();
  return url.href;
}

/** The time a response nonce was made (`2024-05-01T12:00:00Z<unique>`), in Unix seconds. */
function nonceTime(nonce: string): number {
  const stamp = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)/.exec(nonce)?.[1];
  return stamp ? Date.parse(stamp) / 1000 : NaN;
}

export interface SteamAssertion {
  platformId: string;
  nonce: string;
}

/**
 * Checks a positive assertion on our side (mode, endpoint, return URL, signed fields, claimed id, nonce
 * age), then asks the provider to confirm its signature (stateless check_authentication).
 */
export async function verifySteamAssertion(
  query: Record<string, unknown>,
  expected: { endpoint: string; returnTo: string; now: number },
): Promise<SteamAssertion> {
  const field = (name: string) => {
    const value = query[`openid.${name}`];
    return typeof value === 'string' ? value : undefined;
  };
  if (field('mode') === 'cancel') {
    throw new SignInFailure('denied', 'the person cancelled at the provider');
  }
  if (field('mode') !== 'id_res' || field('ns') !== OPENID_NS) {
    throw new SignInFailure('bad-identity', `unexpected OpenID mode ${field('mode')}`);
  }
  if (field('op_endpoint') !== expected.endpoint || field('return_to') !== expected.returnTo) {
    throw new SignInFailure('bad-identity', 'the answer names another provider endpoint or return URL');
  }
  const signed = (field('signed') ?? '').split(',');
  const unsigned = MUST_BE_SIGNED.filter((name) => !signed.includes(name));
  if (unsigned.length > 0) {
    throw new SignInFailure('bad-signature', `fields not signed: ${unsigned.join(', ')}`);
  }
  const claimed = CLAIMED_ID.exec(field('claimed_id') ?? '');
  if (!claimed || field('identity') !== field('claimed_id')) {
    throw new SignInFailure('bad-identity', 'the claimed id is not a game-platform id');
  }
  const nonce = field('response_nonce') ?? '';
  const age = expected.now - nonceTime(nonce);
  if (!(age >= -60 && age <= NONCE_MAX_AGE_SECONDS)) {
    throw new SignInFailure('replayed', 'the response nonce is too old or malformed');
  }
  await confirmSignature(query, expected.endpoint);
  return { platformId: claimed[1]!, nonce };
}

async function confirmSignature(query: Record<string, unknown>, endpoint: string): Promise<void> {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (key.startsWith('openid.') && typeof value === 'string') {
      body.set(key, value);
    }
  }
  body.set('openid.mode', 'check_authentication');
  const res = await providerFetch(endpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body,
  });
  if (!res.ok) {
    throw new SignInFailure('provider-error', `check_authentication answered HTTP ${res.status}`);
  }
  // Key-value form: one `key:value` per line.
  const lines = (await res.text()).split('\n').map((line) => line.trim());
  if (!lines.includes('is_valid:true')) {
    throw new SignInFailure('bad-signature', 'the provider did not confirm the signature');
  }
}
