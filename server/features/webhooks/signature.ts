import { createHmac } from 'node:crypto';

export const SIGNATURE_HEADER = 'X-Service-Signature';

/** `t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, keyed with the secret's UTF-8 bytes (decision 15). */
export function signatureHeader(secret: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}
