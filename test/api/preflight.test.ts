import { describe, expect, it } from 'vitest';
import type { PreflightCheck } from '../../shared/contracts/preflight.js';
import {
  addFakeServer,
  postTeams,
  RCON_PASSWORD,
  TEAM_SIZE,
  teamOf,
  useMatchdayAndFakes,
} from '../helpers/tournament-play.js';
import { FakeGameServer } from '../fakes/index.js';
import { RconServer } from '../fakes/rcon-server.js';
import type { TestServer } from '../helpers/server.js';
import { waitFor } from '../helpers/wait.js';

const { fakes, startMatchday } = useMatchdayAndFakes();

/** A 17-digit id outside the individual accounts: no player can sign in with it. */
const NOT_AN_ACCOUNT = '00000000000000017';

const runChecks = async (matchday: TestServer) => {
  const res = await matchday.request('POST', '/api/preflight');
  expect(res.status).toBe(200);
  return res.body as { ok: boolean; ranAt: number; checks: PreflightCheck[] };
};

const find = (checks: PreflightCheck[], id: string, check: string) => {
  const found = checks.find((c) => c.id === id && c.check === check);
  expect(found, `check ${check} of ${id}`).toBeDefined();
  return found!;
};

/**
 * A server whose network cannot reach Matchday's bootstrap: its plugin never takes the setup, so neither
 * the round-backup upload nor the event URL is set (added by hand: no `server_configured` comes).
 */
async function addUnbootstrappedServer(matchday: TestServer, id: string) {
  const fake = new FakeGameServer({
    password: RCON_PASSWORD,
    bootstrapDebounceMs: 20,
    serverHealthIntervalSeconds: 0,
    gameBuild: { buildId: 14101, patchVersion: '1.41.0.3' },
    unreachableUrls: [`${matchday.url}/api/servers/`],
  });
  fakes.push(fake);
  await fake.start();
  const res = await matchday.request('POST', '/api/servers', {
    body: { id, name: id, host: '127.0.0.1', port: fake.rconPort, rconPassword: RCON_PASSWORD },
  });
  expect(res.status).toBe(201);
  await waitFor(() => fake.bootstraps.find((b) => b.outcome === 'error'), {
    timeoutMs: 15_000,
    message: `a bootstrap fetch of ${id} failing as unreachable`,
  });
}

describe('preflight (API.md decision 57)', () => {
  it('every server check fails once on a broken server and passes on a sound one', async () => {
    const matchday = await startMatchday();
    const good = await addFakeServer(matchday, 'good', fakes, {
      gameBuild: { buildId: 14101, patchVersion: '1.41.0.3' },
    });
    const noGotv = await addFakeServer(matchday, 'no-gotv', fakes, {
      gameBuild: { buildId: 14101, patchVersion: '1.41.0.3' },
    });
    await addFakeServer(matchday, 'no-map', fakes, {
      missingMaps: ['de_mirage'],
      gameBuild: { buildId: 14101, patchVersion: '1.41.0.3' },
    });
    // The plugin cannot reach Matchday's event URL (a firewall): the test event never arrives.
    await addFakeServer(matchday, 'deaf', fakes, {
      gameBuild: { buildId: 14101, patchVersion: '1.41.0.3' },
      unreachableUrls: [`${matchday.url}/api/events/`],
    });
    await addUnbootstrappedServer(matchday, 'no-backup');
    await addFakeServer(matchday, 'old-plugin', fakes, {
      pluginVersion: '1.4.20',
      gameBuild: { buildId: 14101, patchVersion: '1.41.0.3' },
    });
    await addFakeServer(matchday, 'old-build', fakes);
    const gone = await addFakeServer(matchday, 'gone', fakes, {
      gameBuild: { buildId: 14101, patchVersion: '1.41.0.3' },
    });
    // An operator turns GOTV off; a server is switched off.
    await noGotv.execute('tv_enable 0');
    await gone.stop();

    const { ok, checks } = await runChecks(matchday);
    expect(ok).toBe(false);
    const serverChecks = ['rcon', 'plugin', 'gotv', 'test_event', 'backup_upload', 'maps', 'game_build'];
    for (const check of serverChecks) {
      expect(find(checks, 'good', check), `${check} on the sound server`).toMatchObject({ ok: true });
    }
    const failures: [string, string, RegExp][] = [
      ['gone', 'rcon', /RCON password/],
      ['old-plugin', 'plugin', /1\.4\.20 is not supported: install/],
      ['no-gotv', 'gotv', /set the server up again/],
      ['deaf', 'test_event', /can reach/],
      ['no-backup', 'backup_upload', /set the server up again/],
      ['no-map', 'maps', /Not installed: de_mirage\. Install/],
      ['old-build', 'game_build', /older than build 14101.*update CS2/],
    ];
    for (const [id, check, message] of failures) {
      const failed = find(checks, id, check);
      expect(failed, `${check} on ${id}`).toMatchObject({ scope: 'server', ok: false, severity: 'error' });
      expect(failed.message).toMatch(message);
      // Each broken server fails its own check only (an unreachable one fails them all unchecked; one
      // that never took the setup lacks the event URL too, and whatever else the setup sets).
      if (id !== 'gone' && id !== 'no-backup') {
        expect(checks.filter((c) => c.id === id && !c.ok).map((c) => c.check)).toEqual([check]);
      }
    }
    expect(good.gotvActive).toBe(true);

    const last = await matchday.request('GET', '/api/preflight');
    expect(last.body.preflight).toMatchObject({ ok: false, checks });
  }, 30_000);

  it('a CS2 server without the plugin fails the plugin check, saying to install one', async () => {
    const matchday = await startMatchday();
    // The engine alone knows none of the plugin's commands.
    const bare = new RconServer({
      password: RCON_PASSWORD,
      dialect: 'cs2',
      execute: (line) => Promise.resolve(`Unknown command "${line.split(/\s/, 1)[0]}"`),
    });
    const port = await bare.listen();
    try {
      const added = await matchday.request('POST', '/api/servers', {
        body: { id: 'bare', name: 'bare', host: '127.0.0.1', port, rconPassword: RCON_PASSWORD },
      });
      expect(added.status).toBe(201);
      const { ok, checks } = await runChecks(matchday);
      expect(ok).toBe(false);
      expect(find(checks, 'bare', 'rcon')).toMatchObject({ ok: true });
      const plugin = find(checks, 'bare', 'plugin');
      expect(plugin).toMatchObject({ ok: false, severity: 'error' });
      expect(plugin.message).toMatch(/does not answer .*: install a supported plugin/);
    } finally {
      await bare.close();
    }
  });

  it('every tournament check fails once; the start is refused with the checks, then forced', async () => {
    const matchday = await startMatchday();
    await postTeams(matchday, 3);
    const short = { ...teamOf(4), players: [teamOf(4).players[0]] };
    const badId = {
      ...teamOf(5),
      players: [teamOf(5).players[0], { platformId: NOT_AN_ACCOUNT, name: 'nobody' }],
    };
    const twice = { ...teamOf(6), players: [teamOf(6).players[0], teamOf(1).players[0]] };
    for (const team of [short, badId, twice]) {
      expect((await matchday.request('POST', '/api/teams', { body: team })).status).toBe(201);
    }
    const settings = await matchday.request('PUT', '/api/settings', {
      body: { casters: [{ platformId: NOT_AN_ACCOUNT, name: 'Caster' }] },
    });
    expect(settings.status).toBe(200);
    const created = await matchday.request('POST', '/api/tournament', {
      body: {
        name: 'Preflight Cup',
        type: 'single_elimination',
        format: 'bo3',
        teamIds: ['team1', 'team2', 'team3', 'team4', 'team5', 'team6'],
        settings: { veto: false, mapPool: ['de_mirage', 'de_inferno'], teamSize: TEAM_SIZE },
      },
    });
    expect(created.status).toBe(201);

    const { ok, checks } = await runChecks(matchday);
    expect(ok).toBe(false);
    expect(find(checks, 'team1', 'roster')).toMatchObject({ scope: 'team', ok: true });
    expect(find(checks, 'team4', 'roster').message).toMatch(/1 of 2 players\. Add 1 more/);
    expect(find(checks, 'team5', 'roster').message).toMatch(/Invalid Steam ids: nobody/);
    const tournament = checks.filter((c) => c.scope === 'tournament' && c.id !== 'settings');
    expect(tournament.find((c) => c.check === 'shared_players')).toMatchObject({
      ok: false,
      severity: 'error',
    });
    expect(tournament.find((c) => c.check === 'shared_players')!.message).toMatch(/Team 1, Team 6\. Remove/);
    expect(tournament.find((c) => c.check === 'map_count')!.message).toMatch(
      /bo3 without veto needs 3 maps; has 2.*Add maps/,
    );
    // No server at all: a warning, which alone would not stop the start.
    expect(tournament.find((c) => c.check === 'server_count')).toMatchObject({
      ok: false,
      severity: 'warning',
    });
    expect(find(checks, 'settings', 'casters')).toMatchObject({ ok: false, severity: 'error' });

    // Too few maps is one of the start's own refusals, which no force overrides: fixed first.
    const preview = await matchday.request('POST', '/api/tournament/start', { body: { dryRun: true } });
    expect(preview.body.code).toBe('INVALID_STATE');
    const fixed = await matchday.request('PUT', '/api/tournament', {
      body: {
        settings: { veto: false, mapPool: ['de_mirage', 'de_inferno', 'de_nuke'], teamSize: TEAM_SIZE },
      },
    });
    expect(fixed.status).toBe(200);

    const refused = await matchday.request('POST', '/api/tournament/start');
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('PREFLIGHT_FAILED');
    expect(refused.body.error).toMatch(/Team 4: 1 of 2 players/);
    expect(refused.body.details.map((d: PreflightCheck) => d.check).sort()).toEqual(
      ['casters', 'roster', 'roster', 'server_count', 'shared_players'].sort(),
    );
    expect((await matchday.request('GET', '/api/tournament')).body.tournament.status).toBe('setup');
    expect((await matchday.request('GET', '/api/matches')).body.count).toBe(0);

    const forced = await matchday.request('POST', '/api/tournament/start', { body: { force: true } });
    expect(forced.status).toBe(200);
    expect(forced.body.tournament.status).toBe('in_progress');
  });

  it('a sound tournament passes with only the server warning', async () => {
    const matchday = await startMatchday();
    const teamIds = await postTeams(matchday, 2);
    await matchday.request('POST', '/api/tournament', {
      body: {
        name: 'Fine Cup',
        type: 'single_elimination',
        format: 'bo1',
        teamIds,
        settings: { teamSize: TEAM_SIZE },
      },
    });
    const { ok, checks } = await runChecks(matchday);
    expect(checks.filter((c) => !c.ok).map((c) => c.check)).toEqual(['server_count']);
    expect(ok).toBe(true);
    expect((await matchday.request('POST', '/api/tournament/start')).status).toBe(200);
  });
});
