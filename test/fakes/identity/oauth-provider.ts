import { createHash, createSign, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { json, LoopbackServer, redirect, type FakeAnswer } from './http.js';

export type OAuthFlavour = 'discord' | 'github' | 'oidc';

interface PendingCode {
  redirectUri: string;
  challenge: string;
  nonce: string | null;
  user: FakeUser;
}

export interface FakeUser {
  id: string;
  /** Put in the ID token under `platformIdClaim` (OpenID Connect). */
  platformId?: string;
}

const ISSUER_PATH = '/oidc';
const KID = 'fake-key-1';

function signJwt(payload: Record<string, unknown>, key: KeyObject): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${part({ alg: 'RS256', typ: 'JWT', kid: KID })}.${part(payload)}`;
  return `${input}.${createSign('RSA-SHA256').update(input).sign(key).toString('base64url')}`;
}

/**
 * An authorization server as the chat platform (OAuth2), the code host (OAuth2, errors in a 200 answer)
 * or an OpenID Connect provider answers a confidential client: authorization code flow, the client
 * secret, one-time codes bound to the redirect URI, PKCE S256; OIDC adds discovery, JWKS and RS256 ID
 * tokens carrying the nonce. Sign-in is approved at once as `nextUser` unless `deny` is set.
 */
export class FakeOAuthProvider {
  private readonly http = new LoopbackServer((req, url, body) => this.handle(req, url, body));
  private readonly codes = new Map<string, PendingCode>();
  private readonly tokens = new Map<string, FakeUser>();
  private readonly keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  private readonly wrongKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  nextUser: FakeUser = { id: '80351110224678912' };
  deny = false;
  /** Sign ID tokens with a key the JWKS does not publish. */
  signWithWrongKey = false;
  platformIdClaim = 'platform_id';
  /** Codes, access tokens and ID tokens handed out (the log scan looks for them). */
  readonly issued: string[] = [];

  constructor(
    readonly flavour: OAuthFlavour,
    readonly clientId: string,
    readonly clientSecret: string,
  ) {}

  start = () => this.http.start();
  stop = () => this.http.stop();

  get issuer(): string {
    return this.http.url + ISSUER_PATH;
  }

  get endpoints() {
    return {
      authorize: `${this.http.url}/authorize`,
      token: `${this.http.url}/token`,
      user: `${this.http.url}/user`,
    };
  }

  private handle(
    req: { method?: string; headers: Record<string, unknown> },
    url: URL,
    body: string,
  ): FakeAnswer {
    switch (`${req.method} ${url.pathname}`) {
      case `GET ${ISSUER_PATH}/.well-known/openid-configuration`:
        return json(200, {
          issuer: this.issuer,
          authorization_endpoint: this.endpoints.authorize,
          token_endpoint: this.endpoints.token,
          jwks_uri: `${this.http.url}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          code_challenge_methods_supported: ['S256'],
          token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
        });
      case 'GET /jwks':
        return json(200, {
          keys: [{ ...this.keys.publicKey.export({ format: 'jwk' }), kid: KID, alg: 'RS256', use: 'sig' }],
        });
      case 'HEAD /authorize':
        return { status: 200 };
      case 'GET /authorize':
        return this.authorize(url.searchParams);
      case 'POST /token':
        return this.token(new URLSearchParams(body), String(req.headers.authorization ?? ''));
      case 'GET /user':
        return this.user(String(req.headers.authorization ?? ''));
      default:
        return { status: 404 };
    }
  }

  private authorize(query: URLSearchParams): FakeAnswer {
    const redirectUri = query.get('redirect_uri');
    if (query.get('client_id') !== this.clientId || !redirectUri || query.get('response_type') !== 'code') {
      return { status: 400, body: 'invalid authorization request' };
    }
    if (query.get('code_challenge_method') !== 'S256' || !query.get('code_challenge')) {
      return { status: 400, body: 'PKCE S256 required' };
    }
    const back = new URL(redirectUri);
    back.searchParams.set('state', query.get('state') ?? '');
    if (this.deny) {
      back.searchParams.set('error', 'access_denied');
      return redirect(back.href);
    }
    const code = randomBytes(16).toString('hex');
    this.codes.set(code, {
      redirectUri,
      challenge: query.get('code_challenge')!,
      nonce: query.get('nonce'),
      user: this.nextUser,
    });
    this.issued.push(code);
    back.searchParams.set('code', code);
    if (this.flavour === 'oidc') {
      back.searchParams.set('iss', this.issuer);
    }
    return redirect(back.href);
  }

  private tokenError(error: string): FakeAnswer {
    // The code host answers errors with 200; the others with 400 as RFC 6749 says.
    return json(this.flavour === 'github' ? 200 : 400, { error });
  }

  private token(form: URLSearchParams, authorization: string): FakeAnswer {
    const basic = authorization.startsWith('Basic ')
      ? Buffer.from(authorization.slice(6), 'base64').toString().split(':').map(decodeURIComponent)
      : [];
    const clientId = form.get('client_id') ?? basic[0];
    const clientSecret = form.get('client_secret') ?? basic[1];
    if (clientId !== this.clientId || clientSecret !== this.clientSecret) {
      return json(401, { error: 'invalid_client' });
    }
    const code = form.get('code') ?? '';
    const pending = this.codes.get(code);
    this.codes.delete(code);
    if (
      !pending ||
      form.get('grant_type') !== 'authorization_code' ||
      form.get('redirect_uri') !== pending.redirectUri
    ) {
      return this.tokenError('invalid_grant');
    }
    const verifier = form.get('code_verifier') ?? '';
    if (createHash('sha256').update(verifier).digest('base64url') !== pending.challenge) {
      return this.tokenError('invalid_grant');
    }
    const accessToken = randomBytes(20).toString('hex');
    this.tokens.set(accessToken, pending.user);
    this.issued.push(accessToken);
    const answer: Record<string, unknown> = {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: 3600,
    };
    if (this.flavour === 'oidc') {
      const now = Math.floor(Date.now() / 1000);
      answer.id_token = signJwt(
        {
          iss: this.issuer,
          sub: pending.user.id,
          aud: this.clientId,
          iat: now,
          exp: now + 300,
          ...(pending.nonce ? { nonce: pending.nonce } : {}),
          ...(pending.user.platformId ? { [this.platformIdClaim]: pending.user.platformId } : {}),
        },
        this.signWithWrongKey ? this.wrongKeys.privateKey : this.keys.privateKey,
      );
      this.issued.push(answer.id_token as string);
    }
    return json(200, answer);
  }

  private user(authorization: string): FakeAnswer {
    const user = this.tokens.get(authorization.replace(/^Bearer /, ''));
    if (!user) {
      return json(401, { message: '401: Unauthorized' });
    }
    return this.flavour === 'github'
      ? json(200, { id: Number(user.id), login: `user${user.id}` })
      : json(200, { id: user.id, username: `user${user.id}` });
  }
}
