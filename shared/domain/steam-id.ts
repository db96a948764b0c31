/** The 64-bit id of account 0 in the public universe; every individual account id is added to it. */
const INDIVIDUAL_BASE = 76561197960265728n;
const MAX_ACCOUNT_ID = 0xffffffffn;

const SEVENTEEN_DIGITS = /^\d{17}$/;
const LEGACY_ID = /^STEAM_[01]:([01]):(\d{1,10})$/i;
const STEAM3_ID = /^\[U:1:(\d{1,10})\]$/i;
const PROFILE_URL = /^(?:https?:\/\/)?(?:www\.)?steamcommunity\.com\/profiles\/(\d{17})\/?(?:[?#].*)?$/i;
const VANITY_URL = /^(?:https?:\/\/)?(?:www\.)?steamcommunity\.com\/id\/[^/?#]+\/?(?:[?#].*)?$/i;

/** Why a typed id could not be read: a custom profile address needs Steam to resolve, anything else is unknown. */
export type PlatformIdProblem = 'vanity-url' | 'unknown-form';

export type PlatformIdReading = { ok: true; platformId: string } | { ok: false; problem: PlatformIdProblem };

/** The forms {@link readPlatformId} accepts, worded for error messages. */
export const ACCEPTED_PLATFORM_ID_FORMS =
  'a 17-digit id (76561197960265728), STEAM_0:1:123, [U:1:123] or https://steamcommunity.com/profiles/<17 digits>';

function fromAccountId(accountId: bigint): PlatformIdReading {
  if (accountId > MAX_ACCOUNT_ID) {
    return { ok: false, problem: 'unknown-form' };
  }
  return { ok: true, platformId: (INDIVIDUAL_BASE + accountId).toString() };
}

/**
 * Reads a Steam id as people copy it (17 digits, `STEAM_0:y:z` / `STEAM_1:y:z`, `[U:1:n]`, or a
 * steamcommunity.com/profiles/ address) and gives the 17-digit id. A steamcommunity.com/id/ address is a
 * custom name that only Steam can resolve, so it is refused with its own problem.
 */
export function readPlatformId(typed: string): PlatformIdReading {
  const text = typed.trim();
  if (SEVENTEEN_DIGITS.test(text)) {
    return { ok: true, platformId: text };
  }
  // Every pattern's groups match whenever the pattern does; the defaults only satisfy the type checker.
  const [legacy, lowBit = '', halfAccount = ''] = LEGACY_ID.exec(text) ?? [];
  if (legacy) {
    return fromAccountId(BigInt(halfAccount) * 2n + BigInt(lowBit));
  }
  const [steam3, accountId = ''] = STEAM3_ID.exec(text) ?? [];
  if (steam3) {
    return fromAccountId(BigInt(accountId));
  }
  const [profile, profileId = ''] = PROFILE_URL.exec(text) ?? [];
  if (profile) {
    return { ok: true, platformId: profileId };
  }
  return { ok: false, problem: VANITY_URL.test(text) ? 'vanity-url' : 'unknown-form' };
}

/** The error message for a problem, naming the forms that work. */
export function platformIdProblemMessage(problem: PlatformIdProblem): string {
  if (problem === 'vanity-url') {
    return `a steamcommunity.com/id/ address is a custom name that cannot be looked up offline; give ${ACCEPTED_PLATFORM_ID_FORMS}`;
  }
  return `must be ${ACCEPTED_PLATFORM_ID_FORMS}`;
}

/** A 17-digit id of an individual account in the public universe: one a player can sign in with. */
export function isIndividualPlatformId(id: string): boolean {
  if (!SEVENTEEN_DIGITS.test(id)) {
    return false;
  }
  const account = BigInt(id) - INDIVIDUAL_BASE;
  return account > 0n && account <= MAX_ACCOUNT_ID;
}
