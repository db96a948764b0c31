import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

describe('settings', () => {
  it('answers the defaults and that simulation is allowed on a local build', async () => {
    server = await startTestServer();
    const res = await server.request('GET', '/api/settings');
    expect(res.body).toEqual({
      success: true,
      settings: {
        simulateMatches: false,
        simulationTimescale: 1,
        allowPrivateWebhooks: false,
        defaultMaxRounds: 24,
        defaultOvertimeMode: 'enabled',
        demoRecording: true,
        hostnameFormat: '',
        autoAllocate: true,
        pauseAlertMinutes: 5,
        failoverAfterSeconds: 60,
        autoFailover: true,
        casters: [],
        steamSignIn: true,
        discordSignIn: false,
        discordClientId: '',
        githubSignIn: false,
        githubClientId: '',
        oidcSignIn: false,
        oidcIssuer: '',
        oidcClientId: '',
        oidcName: 'Single sign-on',
        oidcPlatformIdClaim: '',
      },
      simulation: { allowed: true, reason: null },
      warnings: [],
      secretsSet: {
        adminPassword: false,
        discordClientSecret: false,
        githubClientSecret: false,
        oidcClientSecret: false,
      },
    });
  });

  it('keeps client secrets write-only: answers say only whether each is set, never the value', async () => {
    server = await startTestServer();
    const secret = 'discord-client-secret-value';
    const res = await server.request('PUT', '/api/settings', {
      body: { discordClientId: '1234', discordClientSecret: secret, discordSignIn: true },
    });
    expect(res.status).toBe(200);
    expect(res.body.secretsSet.discordClientSecret).toBe(true);
    expect(res.body.settings.discordSignIn).toBe(true);
    for (const token of ['admin', 'readonly'] as const) {
      expect((await server.request('GET', '/api/settings', { token })).text).not.toContain(secret);
    }
  });

  it('refuses to turn a sign-in provider on without what it needs, saving nothing', async () => {
    server = await startTestServer();
    const res = await server.request('PUT', '/api/settings', {
      body: { oidcSignIn: true, oidcIssuer: 'https://id.example', defaultMaxRounds: 4 },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.details.map((d: { path: string }) => d.path)).toEqual([
      'oidcClientId',
      'oidcClientSecret',
    ]);
    const after = (await server.request('GET', '/api/settings')).body.settings;
    expect(after).toMatchObject({ oidcSignIn: false, oidcIssuer: '', defaultMaxRounds: 24 });
    // Clearing the secret of a provider that is on is refused the same way.
    await server.request('PUT', '/api/settings', {
      body: { githubClientId: 'gh', githubClientSecret: 'gh-secret-value', githubSignIn: true },
    });
    expect(
      (await server.request('PUT', '/api/settings', { body: { githubClientSecret: null } })).status,
    ).toBe(400);
  });

  it('changes only the given keys, and keeps them across a restart', async () => {
    server = await startTestServer();
    await server.request('PUT', '/api/settings', { body: { simulateMatches: true, simulationTimescale: 2 } });
    const res = await server.request('PUT', '/api/settings', { body: { defaultMaxRounds: 4 } });
    expect(res.body.settings).toMatchObject({
      simulateMatches: true,
      simulationTimescale: 2,
      defaultMaxRounds: 4,
    });
    const dataDir = server.dataDir;
    await server.stop();
    server = await startTestServer({ dataDir });
    expect((await server.request('GET', '/api/settings')).body.settings.defaultMaxRounds).toBe(4);
  });

  it.each([0, 3600])('accepts failoverAfterSeconds %s (0 turns failover off)', async (value) => {
    server = await startTestServer();
    const res = await server.request('PUT', '/api/settings', {
      body: { failoverAfterSeconds: value, autoFailover: false },
    });
    expect(res.status).toBe(200);
    expect(res.body.settings).toMatchObject({ failoverAfterSeconds: value, autoFailover: false });
  });

  it.each([0.1, 10])('accepts the timescale bound %s', async (value) => {
    server = await startTestServer();
    const res = await server.request('PUT', '/api/settings', { body: { simulationTimescale: value } });
    expect(res.status).toBe(200);
    expect(res.body.settings.simulationTimescale).toBe(value);
  });

  it('keeps casters (admin only, at most 50, each a 17-digit id and a name) and names a bad entry', async () => {
    server = await startTestServer();
    const caster = (n: number) => ({
      platformId: String(76561198000000000n + BigInt(n)),
      name: `Caster ${n}`,
    });
    const saved = await server.request('PUT', '/api/settings', { body: { casters: [caster(1), caster(2)] } });
    expect(saved.status).toBe(200);
    expect(saved.body.settings.casters).toEqual([caster(1), caster(2)]);
    const badId = await server.request('PUT', '/api/settings', {
      body: { casters: [caster(1), { platformId: '7656', name: 'Short' }], autoAllocate: false },
    });
    expect([badId.status, badId.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(badId.body.error).toMatch(/casters\.1\.platformId/);
    const twice = await server.request('PUT', '/api/settings', { body: { casters: [caster(1), caster(1)] } });
    expect(twice.status).toBe(400);
    expect(twice.body.error).toMatch(/casters\.1\.platformId: 76561198000000001 is listed twice/);
    const tooMany = Array.from({ length: 51 }, (_, i) => caster(i + 1));
    expect((await server.request('PUT', '/api/settings', { body: { casters: tooMany } })).status).toBe(400);
    const noName = await server.request('PUT', '/api/settings', {
      body: { casters: [{ ...caster(3), name: ' ' }] },
    });
    expect(noName.body.error).toMatch(/casters\.0\.name/);
    const readOnly = await server.request('PUT', '/api/settings', {
      body: { casters: [] },
      token: 'readonly',
    });
    expect(readOnly.status).toBe(403);
    // Nothing of a refused PUT was saved.
    const after = (await server.request('GET', '/api/settings')).body.settings;
    expect([after.casters, after.autoAllocate]).toEqual([[caster(1), caster(2)], true]);
  });

  it('warns above 2 and above 4', async () => {
    server = await startTestServer();
    const res = await server.request('PUT', '/api/settings', { body: { simulationTimescale: 5 } });
    expect(res.body.warnings).toHaveLength(2);
    expect(res.body.warnings.join(' ')).toContain('1.4.25');
  });

  it.each([
    [{ simulationTimescale: 0.09 }],
    [{ simulationTimescale: 10.01 }],
    [{ simulateMatches: true, simulationTimescale: 11 }],
    [{ simulateMatches: true, colour: 'red' }],
    [{ defaultOvertimeMode: 'sometimes', hostnameFormat: 'changed' }],
    [{ failoverAfterSeconds: -1, autoFailover: false }],
    [{ failoverAfterSeconds: 3601 }],
    [{ failoverAfterSeconds: 1.5 }],
    [{ autoFailover: 'yes', failoverAfterSeconds: 30 }],
  ])('is atomic: %o changes nothing', async (body) => {
    server = await startTestServer();
    const before = (await server.request('GET', '/api/settings')).body.settings;
    const res = await server.request('PUT', '/api/settings', { body });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect((await server.request('GET', '/api/settings')).body.settings).toEqual(before);
  });

  it('refuses simulation in production unless PLUGIN_ENABLE_SIMULATION_IN_PROD allows it', async () => {
    server = await startTestServer({ env: { NODE_ENV: 'production' } });
    const refused = await server.request('PUT', '/api/settings', {
      body: { simulateMatches: true, simulationTimescale: 3 },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('SIMULATION_NOT_ALLOWED');
    expect(refused.body.error).toContain('PLUGIN_ENABLE_SIMULATION_IN_PROD');
    const after = (await server.request('GET', '/api/settings')).body;
    expect(after.settings).toMatchObject({ simulateMatches: false, simulationTimescale: 1 });
    expect(after.simulation).toEqual({
      allowed: false,
      reason: expect.stringContaining('PLUGIN_ENABLE_SIMULATION_IN_PROD'),
    });
    await server.stop();

    server = await startTestServer({
      env: { NODE_ENV: 'production', PLUGIN_ENABLE_SIMULATION_IN_PROD: 'true' },
    });
    expect((await server.request('PUT', '/api/settings', { body: { simulateMatches: true } })).status).toBe(
      200,
    );
  });
});
