import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy, isEmbeddable } from '../../server/http/middleware/security-headers.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { tempDir } from '../helpers/temp-dir.js';

let server: TestServer;

beforeAll(async () => {
  const rendererDir = tempDir('md-renderer-');
  fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><div id="root">web app</div>');
  server = await startTestServer({ rendererDir });
});
afterAll(async () => {
  await server.stop();
});

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: string | null): Record<string, string> {
  return Object.fromEntries(
    (header ?? '').split(';').map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name, values.join(' ')];
    }),
  );
}

describe('security headers', () => {
  it.each(['/admin', '/admin/teams', '/signin', '/', '/matches/abc', '/screen', '/api/teams', '/health'])(
    '%s: strict CSP without inline script, no sniffing, no framing',
    async (urlPath) => {
      const res = await server.request('GET', urlPath, { token: null });
      const csp = directives(res.headers.get('content-security-policy'));
      expect(csp['script-src']).toBe("'self'");
      expect(csp['default-src']).toBe("'self'");
      expect(csp['object-src']).toBe("'none'");
      expect(csp['frame-ancestors']).toBe("'none'");
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('same-origin');
    },
  );

  it.each(['/overlay/match/abc', '/overlay/server/s1', '/bracket'])(
    '%s: embeddable (stream overlays, the public bracket), still under the CSP',
    async (urlPath) => {
      const res = await server.request('GET', urlPath, { token: null });
      const csp = directives(res.headers.get('content-security-policy'));
      expect(csp['frame-ancestors']).toBe('*');
      expect(csp['script-src']).toBe("'self'");
      expect(res.headers.get('x-frame-options')).toBeNull();
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    },
  );

  it('applies to API errors too', async () => {
    const res = await server.request('GET', '/api/no/such/thing');
    expect(res.status).toBe(404);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(directives(res.headers.get('content-security-policy'))['frame-ancestors']).toBe("'none'");
  });

  it('tells embeddable pages from the rest by path, not by prefix alone', () => {
    expect(isEmbeddable('/overlay/match/x')).toBe(true);
    expect(isEmbeddable('/bracket')).toBe(true);
    expect(isEmbeddable('/bracketeer')).toBe(false);
    expect(isEmbeddable('/overlayx')).toBe(false);
    expect(isEmbeddable('/admin/overlay/x')).toBe(false);
    expect(contentSecurityPolicy('/admin')).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
  });
});
