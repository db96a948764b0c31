import type { TestResponse, TestServer } from './server.js';

export interface BrowserRequest {
  body?: unknown;
  headers?: Record<string, string>;
  /** The Origin header sent with changes; the app's own by default, as a browser on its pages would. */
  origin?: string | null;
}

export interface Redirect {
  status: number;
  location: string;
  response: Response;
}

/**
 * A cookie jar in front of a test server: what a browser keeps between requests. Cookies are kept by
 * name (one site), removed when the server expires them, and sent back on every Matchday request.
 */
export class Browser {
  readonly cookies = new Map<string, string>();
  /** Every Set-Cookie header received, for the tests that read attributes and for the log scan. */
  readonly setCookieHeaders: string[] = [];

  /** Every browser made in this test file, so a log scan can collect all the cookies they received. */
  static readonly created: Browser[] = [];

  constructor(readonly server: TestServer) {
    Browser.created.push(this);
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** A Matchday API call with this browser's cookies and no token. */
  async request(method: string, path: string, options: BrowserRequest = {}): Promise<TestResponse> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size > 0) {
      headers.Cookie = this.cookieHeader();
    }
    const origin = options.origin === undefined ? this.server.url : options.origin;
    if (origin !== null && !['GET', 'HEAD'].includes(method)) {
      headers.Origin = origin;
    }
    const res = await this.server.request(method, path, { token: null, headers, body: options.body });
    this.remember(res.headers);
    return res;
  }

  /** A top-level navigation: GET without following redirects; cookies only for Matchday's own URLs. */
  async navigate(url: string): Promise<Redirect> {
    const own = url.startsWith(this.server.url);
    const headers: Record<string, string> =
      own && this.cookies.size > 0 ? { Cookie: this.cookieHeader() } : {};
    const response = await fetch(url, { headers, redirect: 'manual' });
    if (own) {
      this.remember(response.headers);
    }
    const location = response.headers.get('location') ?? '';
    return { status: response.status, location: location && new URL(location, url).href, response };
  }

  /** Follows redirects until one leaves for `stopAt` (a URL prefix) or a page answers; returns the last hop. */
  async follow(url: string, stopAt?: string): Promise<Redirect> {
    let hop = await this.navigate(url);
    for (let i = 0; i < 10 && hop.location && !(stopAt && hop.location.startsWith(stopAt)); i++) {
      hop = await this.navigate(hop.location);
    }
    return hop;
  }

  remember(headers: Headers): void {
    for (const header of headers.getSetCookie()) {
      this.setCookieHeaders.push(header);
      const [pair, ...attributes] = header.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attributes.some(
        (a) =>
          /^\s*max-age=0\s*$/i.test(a) ||
          (/^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]!) < Date.now()),
      );
      if (expired || value === '') {
        this.cookies.delete(name);
      } else {
        this.cookies.set(name, value);
      }
    }
  }
}

/** The Set-Cookie header for `name` in a response. */
export function setCookieFor(res: { headers: Headers }, name: string): string | undefined {
  return res.headers.getSetCookie().find((h) => h.startsWith(`${name}=`));
}
