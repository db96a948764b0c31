import { createHmac, randomBytes } from 'node:crypto';
import { LoopbackServer, redirect, type FakeAnswer } from './http.js';

const NS = 'http://specs.openid.net/auth/2.0';
const SIGNED = ['op_endpoint', 'claimed_id', 'identity', 'return_to', 'response_nonce', 'assoc_handle'];

/**
 * The game platform's OpenID 2.0 provider as it behaves for a relying party: `checkid_setup` signs the
 * person in at once (as `nextPlatformId`) and sends the browser back with a signed positive assertion;
 * `check_authentication` confirms a signature it made (stateless mode, HMAC-SHA256 over key-value form).
 */
export class FakeOpenIdProvider {
  private readonly http: LoopbackServer;
  private readonly key = randomBytes(32);
  /** Who signs in next. */
  nextPlatformId = '76561198000000001';
  /** The person presses Cancel at the provider. */
  cancel = false;
  /** How old the response nonce claims to be (a stale one must be refused). */
  nonceAgeSeconds = 0;
  /** Every signature and nonce handed out (the log scan looks for them). */
  readonly issued: string[] = [];
  checks = 0;

  /** `host`: the name in the provider's URLs; it always listens on 127.0.0.1 only. */
  constructor(host?: string) {
    this.http = new LoopbackServer((req, url, body) => this.handle(req.method ?? 'GET', url, body), host);
  }

  get endpoint(): string {
    return `${this.http.url}/openid/login`;
  }

  start = () => this.http.start();
  stop = () => this.http.stop();

  private sign(fields: Record<string, string>): string {
    const text = SIGNED.map((name) => `${name}:${fields[`openid.${name}`]}\n`).join('');
    return createHmac('sha256', this.key).update(text).digest('base64');
  }

  private handle(method: string, url: URL, body: string): FakeAnswer {
    if (url.pathname !== '/openid/login') {
      return { status: 404 };
    }
    if (method === 'POST') {
      this.checks++;
      const fields = Object.fromEntries(new URLSearchParams(body));
      const valid =
        fields['openid.mode'] === 'check_authentication' && fields['openid.sig'] === this.sign(fields);
      return { status: 200, body: `ns:${NS}\nis_valid:${valid}\n` };
    }
    const returnTo = url.searchParams.get('openid.return_to');
    if (url.searchParams.get('openid.mode') !== 'checkid_setup' || !returnTo) {
      return { status: 400, body: 'not an OpenID 2.0 checkid_setup request' };
    }
    const back = new URL(returnTo);
    if (this.cancel) {
      back.searchParams.set('openid.ns', NS);
      back.searchParams.set('openid.mode', 'cancel');
      return redirect(back.href);
    }
    const claimedId = `https://steamcommunity.com/openid/id/${this.nextPlatformId}`;
    const fields: Record<string, string> = {
      'openid.ns': NS,
      'openid.mode': 'id_res',
      'openid.op_endpoint': this.endpoint,
      'openid.claimed_id': claimedId,
      'openid.identity': claimedId,
      'openid.return_to': returnTo,
      'openid.response_nonce': `${new Date(Date.now() - this.nonceAgeSeconds * 1000).toISOString().slice(0, 19)}Z${randomBytes(6).toString('hex')}`,
      'openid.assoc_handle': randomBytes(8).toString('hex'),
      'openid.signed': SIGNED.join(','),
    };
    fields['openid.sig'] = this.sign(fields);
    this.issued.push(fields['openid.sig'], fields['openid.response_nonce']!);
    for (const [key, value] of Object.entries(fields)) {
      back.searchParams.set(key, value);
    }
    return redirect(back.href);
  }
}
