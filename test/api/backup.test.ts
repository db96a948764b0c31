import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { download, everything, tournamentMidway, upload } from '../helpers/backup-api.js';
import { startTestServer, TOKENS, type TestServer } from '../helpers/server.js';
import { tempDir } from '../helpers/temp-dir.js';

const servers: TestServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    await s.stop();
  }
});

async function start(options: Parameters<typeof startTestServer>[0] = {}): Promise<TestServer> {
  const server = await startTestServer(options);
  servers.push(server);
  return server;
}

const backupFolder = (server: TestServer) => path.join(server.dataDir, 'backups');

describe('GET /api/backup then POST /api/backup/restore', () => {
  it('brings a tournament mid-way back on an emptied data folder: every result, rating and setting', async () => {
    const first = await start();
    await tournamentMidway(first);
    const before = await everything(first);
    const res = await fetch(`${first.url}/api/backup`, {
      headers: { Authorization: `Bearer ${TOKENS.admin}` },
    });
    expect(res.headers.get('content-type')).toContain('application/vnd.sqlite3');
    expect(res.headers.get('content-disposition')).toMatch(
      /attachment; filename="?matchday-backup-\d{8}T\d{6}Z\.sqlite"?$/,
    );
    const backup = Buffer.from(await res.arrayBuffer());
    expect(backup.subarray(0, 15).toString()).toBe('SQLite format 3');
    await first.stop();
    servers.splice(servers.indexOf(first), 1);

    // A new data folder (on PostgreSQL: a new, empty database).
    const second = await start();
    expect((await second.request('GET', '/api/teams')).body.count).toBe(0);
    const restored = await upload(second, backup);
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({
      success: true,
      schemaVersion: expect.any(Number),
      safetyCopy: { kind: 'before-restore', name: expect.stringMatching(/^before-restore-/) },
    });
    expect(await everything(second)).toEqual(before);

    // The restored tournament goes on: the last first-round match, then the semi-finals are playable.
    expect(
      (await second.request('POST', '/api/matches/r1-m4/winner', { body: { winner: 'team2' } })).status,
    ).toBe(200);
    expect((await second.request('GET', '/api/matches/r2-m2')).body.match.status).not.toBe('pending');
  });

  it('keeps the replaced data as a before-restore snapshot that can itself be restored', async () => {
    const source = await start();
    await tournamentMidway(source);
    const backup = await download(source);

    const target = await start();
    await target.request('POST', '/api/teams', { body: { name: 'Only here', players: [] } });
    const onlyHere = await everything(target).catch(() => undefined);
    expect(onlyHere).toBeUndefined(); // no tournament yet on the target
    const teamsBefore = (await target.request('GET', '/api/teams')).body;

    const restored = await upload(target, backup);
    expect(restored.status).toBe(200);
    expect((await target.request('GET', '/api/teams')).body.count).toBe(8);

    const list = await target.request('GET', '/api/backup/snapshots');
    expect(list.body.schedule).toEqual({ intervalMinutes: 10, keep: 12 });
    expect(list.body.snapshots).toEqual([restored.body.safetyCopy]);

    const back = await target.request(
      'POST',
      `/api/backup/snapshots/${restored.body.safetyCopy.name}/restore`,
    );
    expect(back.status).toBe(200);
    expect((await target.request('GET', '/api/teams')).body).toEqual(teamsBefore);
    expect((await target.request('GET', '/api/tournament')).status).toBe(404);
  });

  it('keeps the organiser who restored signed in', async () => {
    const source = await start();
    await tournamentMidway(source);
    const backup = await download(source);

    const target = await start();
    const link = await target.running.app.services.auth.createAdminLinkToken();
    const signIn = await fetch(`${target.url}/api/auth/admin-link/${link}`, { redirect: 'manual' });
    const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
    const res = await fetch(`${target.url}/api/backup/restore`, {
      method: 'POST',
      headers: { Cookie: cookie, Origin: target.url, 'Content-Type': 'application/vnd.sqlite3' },
      body: new Uint8Array(backup),
    });
    expect(res.status).toBe(200);
    const me = await fetch(`${target.url}/api/auth/admin/me`, { headers: { Cookie: cookie } });
    expect(me.status).toBe(200);
  });

  it('refuses a truncated, damaged or foreign file with a clear error and changes nothing', async () => {
    const source = await start();
    await tournamentMidway(source);
    const good = await download(source);

    const target = await start();
    await target.request('POST', '/api/teams', { body: { name: 'Keep me', players: [] } });
    const teamsBefore = (await target.request('GET', '/api/teams')).body;

    const pageSize = good.readUInt16BE(16);
    const damaged = Buffer.from(good);
    damaged.fill(0xab, pageSize * 2, pageSize * 4);
    const newer = path.join(tempDir('md-newer-'), 'newer.sqlite');
    fs.writeFileSync(newer, good);
    const newerDb = new Database(newer);
    newerDb.pragma('user_version = 9999');
    newerDb.close();
    const foreign = path.join(tempDir('md-foreign-'), 'foreign.sqlite');
    const foreignDb = new Database(foreign);
    foreignDb.exec('CREATE TABLE notes (text TEXT)');
    foreignDb.close();

    const cases: [string, Buffer | string, RegExp][] = [
      ['truncated', good.subarray(0, Math.floor(good.length / 2)), /truncated/],
      ['damaged', damaged, /damaged/],
      ['newer', fs.readFileSync(newer), /newer than this Matchday/],
      ['foreign database', fs.readFileSync(foreign), /not a Matchday backup/],
      ['not SQLite', JSON.stringify({ teams: [] }), /not a SQLite database/],
      ['empty', '', /no backup file/],
    ];
    for (const [what, bytes, message] of cases) {
      const res = await upload(target, bytes);
      expect(res.status, what).toBe(400);
      expect(res.body, what).toMatchObject({ success: false, code: 'BACKUP_INVALID' });
      expect(res.body.error, what).toMatch(message);
      expect(res.body.error, what).toContain('Nothing was changed');
    }
    expect((await target.request('GET', '/api/teams')).body).toEqual(teamsBefore);
    expect((await target.request('GET', '/api/backup/snapshots')).body.snapshots).toEqual([]);
    // No half-written upload is left behind.
    expect(fs.readdirSync(backupFolder(target))).toEqual([]);
  });

  it('is for admins only: 403 for read-only tokens, 401 without one', async () => {
    const server = await start();
    expect((await server.request('GET', '/api/backup', { token: 'readonly' })).status).toBe(403);
    expect((await server.request('GET', '/api/backup', { token: null })).status).toBe(401);
    expect(
      (await server.request('POST', '/api/backup/restore', { token: 'readonly', body: 'x' })).status,
    ).toBe(403);
    expect((await server.request('GET', '/api/backup/snapshots', { token: 'integrator' })).status).toBe(403);
    const taken = (await server.request('POST', '/api/backup/snapshots')).body.snapshot;
    expect(
      (await server.request('GET', `/api/backup/snapshots/${taken.name}`, { token: 'readonly' })).status,
    ).toBe(403);
  });
});

describe('snapshots', () => {
  it('takes one on demand and serves it for download; unknown or invented names are 404/400', async () => {
    const server = await start();
    await tournamentMidway(server);
    const taken = await server.request('POST', '/api/backup/snapshots');
    expect(taken.status).toBe(201);
    expect(taken.body.snapshot).toMatchObject({ kind: 'manual', sizeBytes: expect.any(Number) });
    const bytes = await download(server, `/api/backup/snapshots/${taken.body.snapshot.name}`);
    expect(bytes.length).toBe(taken.body.snapshot.sizeBytes);
    expect((await server.request('GET', '/api/backup/snapshots/manual-20200101T000000Z.sqlite')).status).toBe(
      404,
    );
    expect((await server.request('GET', '/api/backup/snapshots/..%2Fmatchday.sqlite')).status).toBe(400);
    expect((await server.request('POST', '/api/backup/snapshots/matchday.sqlite/restore')).status).toBe(400);
  });

  it('every 10 minutes while a tournament is in progress, keeping the last 12 automatic ones', async () => {
    let now = Date.UTC(2025, 2, 1, 12, 0, 0) / 1000;
    const server = await start({ clock: { now: () => now } });
    const backup = () => server.running.app.services.backup;
    await server.request('POST', '/api/teams', { body: { name: 'Solo', players: [] } });
    expect(await backup().snapshotIfDue()).toBeUndefined(); // no tournament

    await tournamentMidway(server);
    const manual = (await server.request('POST', '/api/backup/snapshots')).body.snapshot;
    expect(await backup().snapshotIfDue()).toMatchObject({ kind: 'automatic', createdAt: now });
    now += 9 * 60;
    expect(await backup().snapshotIfDue()).toBeUndefined();
    now += 60;
    expect(await backup().snapshotIfDue()).toMatchObject({ kind: 'automatic', createdAt: now });
    for (let i = 0; i < 13; i++) {
      now += 10 * 60;
      await backup().snapshotIfDue();
    }
    const snapshots = (await server.request('GET', '/api/backup/snapshots')).body.snapshots;
    const automatic = snapshots.filter((s: { kind: string }) => s.kind === 'automatic');
    expect(automatic).toHaveLength(12);
    expect(automatic[0].createdAt).toBe(now);
    expect(automatic[11].createdAt).toBe(now - 11 * 10 * 60);
    expect(snapshots).toContainEqual(manual);

    // Once the tournament is over (reset here), no more automatic snapshots.
    await server.request('POST', '/api/tournament/reset');
    now += 60 * 60;
    expect(await backup().snapshotIfDue()).toBeUndefined();
  });
});

describe('backup archives with demos (GET /api/backup?demos=1)', () => {
  const DEMO = '12_r1-m1_map1_de_mirage.dem';
  const demoBytes = Buffer.alloc(300_000, 0x5a);

  async function sourceWithDemo(): Promise<TestServer> {
    const source = await start();
    await tournamentMidway(source);
    fs.mkdirSync(path.join(source.dataDir, 'demos'), { recursive: true });
    fs.writeFileSync(path.join(source.dataDir, 'demos', DEMO), demoBytes);
    // An upload still arriving is not a demo yet.
    fs.writeFileSync(path.join(source.dataDir, 'demos', '.upload-1234.part'), 'partial');
    return source;
  }

  it('carries the database and every stored demo to another laptop', async () => {
    const source = await sourceWithDemo();
    const before = await everything(source);
    const res = await fetch(`${source.url}/api/backup?demos=1`, {
      headers: { Authorization: `Bearer ${TOKENS.admin}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/x-tar');
    expect(res.headers.get('content-disposition')).toMatch(/filename="?matchday-backup-\d{8}T\d{6}Z\.tar"?$/);
    const archive = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBe(archive.length);
    const saved = path.join(tempDir('md-archive-'), 'event.tar');
    fs.writeFileSync(saved, archive);
    expect(execFileSync('tar', ['-tf', saved], { encoding: 'utf8' }).trim().split('\n')).toEqual([
      'matchday.sqlite',
      `demos/${DEMO}`,
    ]);

    const target = await start();
    const restored = await upload(target, archive, { 'Content-Type': 'application/x-tar' });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ success: true, demosRestored: 1 });
    expect(await everything(target)).toEqual(before);
    expect(fs.readFileSync(path.join(target.dataDir, 'demos', DEMO))).toEqual(demoBytes);
    // Nothing of the unpacking is left behind.
    expect(fs.readdirSync(backupFolder(target)).filter((n) => n.startsWith('scratch'))).toEqual([]);
  });

  it('refuses an archive that is cut short, damaged or holds anything else, and changes nothing', async () => {
    const source = await sourceWithDemo();
    const archive = await download(source, '/api/backup?demos=1');
    const target = await start();
    await target.request('POST', '/api/teams', { body: { name: 'Keep me', players: [] } });
    const teamsBefore = (await target.request('GET', '/api/teams')).body;

    const damaged = Buffer.from(archive);
    damaged[0] = 0x41;
    const stranger = Buffer.from(archive);
    // Renaming the demo entry to a path outside the demos folder (same length keeps the checksum simple).
    const headerAt = stranger.indexOf(Buffer.from(`demos/${DEMO}`));
    stranger.write(`../etc/${DEMO.slice(1)}`, headerAt, 'latin1');
    const sum = [...stranger.subarray(headerAt, headerAt + 512)].reduce(
      (total, byte, i) => total + (i >= 148 && i < 156 ? 0x20 : byte),
      0,
    );
    stranger.write(`${sum.toString(8).padStart(6, '0')}\0 `, headerAt + 148, 'latin1');

    const cases: [string, Buffer, RegExp][] = [
      [
        'cut in the demo',
        archive.subarray(0, archive.length - 200_000),
        /ends early \(in the middle of demos\//,
      ],
      ['damaged header', damaged, /header checksum fails/],
      ['a path outside the demos', stranger, /holds "\.\.\/etc\/.*", which is not part of a Matchday backup/],
    ];
    for (const [what, bytes, message] of cases) {
      const res = await upload(target, bytes, { 'Content-Type': 'application/x-tar' });
      expect([res.status, res.body.code], what).toEqual([400, 'BACKUP_INVALID']);
      expect(res.body.error, what).toMatch(message);
      expect(res.body.error, what).toContain('Nothing was changed');
    }
    expect((await target.request('GET', '/api/teams')).body).toEqual(teamsBefore);
    expect(fs.existsSync(path.join(target.dataDir, 'demos', DEMO))).toBe(false);
    expect(fs.readdirSync(backupFolder(target))).toEqual([]);
  });
});
