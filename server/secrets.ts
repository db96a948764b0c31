import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new random secret, URL-safe. */
export function generateSecret(bytes = 24): string {
  return randomBytes(bytes).toString('base64url');
}

/** Compares two secrets in constant time (hashing first hides the length too). */
export function secretsEqual(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** What a log shows instead of a secret: a marker with the character count, as the plugin does. */
export function hiddenMarker(secret: string): string {
  return `[hidden:${secret.length} chars]`;
}

/**
 * Every secret the process knows of (tokens, passwords, one-time links). The logger scrubs each of
 * them from every line it writes, so a secret that slips into a message or a URL never reaches a log.
 */
export class SecretRegistry {
  private readonly secrets = new Set<string>();

  add(secret: string | undefined | null): void {
    // Very short values would scrub ordinary words; the shortest secret we accept is 8 characters.
    if (secret && secret.length >= 8) {
      this.secrets.add(secret);
      // The same secret as it appears inside a JSON string.
      this.secrets.add(JSON.stringify(secret).slice(1, -1));
    }
  }

  scrub(line: string): string {
    let out = line;
    for (const secret of this.secrets) {
      if (out.includes(secret)) {
        out = out.split(secret).join(hiddenMarker(secret));
      }
    }
    return out;
  }
}
