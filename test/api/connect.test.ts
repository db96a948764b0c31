import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

describe('GET /api/connect', () => {
  it('on loopback only: this machine’s URL, not reachable on the LAN, with its QR code', async () => {
    const res = await server.request('GET', '/api/connect');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      playersUrl: server.url,
      localUrl: server.url,
      reachableOnLan: false,
      lanUrls: [],
      mdnsUrl: null,
    });
    expect(res.body.qrSvg).toMatch(/^<svg [^>]*viewBox="0 0 (\d+) \1"/);
    expect(res.body.qrSvg).toContain('<path');
  });

  it('offers the best LAN address first, the others after it, and a QR code that changes with it', async () => {
    const before = (await server.request('GET', '/api/connect')).body.qrSvg;
    const { ctx } = server.running.app;
    const saved = ctx.addresses;
    ctx.addresses = {
      ...saved,
      lanUrls: ['http://127.0.0.2:3000', 'http://127.0.0.3:3000'],
      mdnsUrl: 'http://lan.local:3000',
    };
    try {
      const res = await server.request('GET', '/api/connect');
      expect(res.body).toMatchObject({
        playersUrl: 'http://127.0.0.2:3000',
        reachableOnLan: true,
        lanUrls: ['http://127.0.0.2:3000', 'http://127.0.0.3:3000'],
        mdnsUrl: 'http://lan.local:3000',
      });
      expect(res.body.qrSvg).not.toBe(before);
    } finally {
      ctx.addresses = saved;
    }
  });

  it('is for the console and read tokens: 401 without a token, 403 for an integrator token', async () => {
    expect((await server.request('GET', '/api/connect', { token: null })).status).toBe(401);
    expect((await server.request('GET', '/api/connect', { token: 'integrator' })).status).toBe(403);
    expect((await server.request('GET', '/api/connect', { token: 'readonly' })).status).toBe(200);
  });
});

describe('GET /api/connect/join (the projector, decision 52)', () => {
  it('answers anyone the players’ address and its QR code, not the other addresses', async () => {
    const { ctx } = server.running.app;
    const saved = ctx.addresses;
    ctx.addresses = {
      ...saved,
      lanUrls: ['http://127.0.0.2:3000', 'http://127.0.0.3:3000'],
      mdnsUrl: 'http://lan.local:3000',
    };
    try {
      const res = await server.request('GET', '/api/connect/join', { token: null });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(['playersUrl', 'qrSvg', 'success']);
      expect(res.body.playersUrl).toBe('http://127.0.0.2:3000');
      expect(res.body.qrSvg).toBe((await server.request('GET', '/api/connect')).body.qrSvg);
      expect(res.text).not.toContain('127.0.0.3');
      expect(res.text).not.toContain('lan.local');
    } finally {
      ctx.addresses = saved;
    }
  });
});
