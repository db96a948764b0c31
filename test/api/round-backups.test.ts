import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download, upload } from '../helpers/backup-api.js';
import { startTestServer, TOKENS, type TestServer } from '../helpers/server.js';
import { waitFor } from '../helpers/wait.js';

let server: TestServer;
let teamIds: string[];

beforeAll(async () => {
  server = await startTestServer();
  teamIds = [];
  for (const name of ['Backup Alpha', 'Backup Bravo']) {
    const res = await server.request('POST', '/api/teams', { body: { name, tag: name.slice(-5) } });
    expect(res.status).toBe(201);
    teamIds.push(res.body.team.id as string);
  }
});
afterAll(() => server.stop());

async function manualMatch(): Promise<{ slug: string; matchid: number }> {
  const res = await server.request('POST', '/api/matches', {
    body: {
      team1Id: teamIds[0],
      team2Id: teamIds[1],
      format: 'bo3',
      maps: ['de_dust2', 'de_mirage', 'de_nuke'],
    },
  });
  expect(res.status).toBe(201);
  return res.body.match as { slug: string; matchid: number };
}

/** The plugin's round backup file: every value a string (sivert-io/MatchZy-Enhanced src/BackupManagement.cs). */
function backupFile(matchid: number, map: number, score: [number, number], filler = ''): string {
  const round = String(score[0] + score[1]).padStart(2, '0');
  return JSON.stringify(
    {
      matchid: String(matchid),
      mapnumber: String(map),
      round,
      team1_score: String(score[0]),
      team2_score: String(score[1]),
      match_config: JSON.stringify({ CurrentMapNumber: map }),
      valve_backup: `"SaveFile"\n{\n\t"round"\t"${round}"\n}${filler}`,
    },
    null,
    2,
  );
}

/** A POST the way the plugin's uploader sends it: its brand's and Get5's headers, the token header. */
async function post(
  body: string | Buffer,
  matchid: number,
  map: number,
  round: number,
  token: string = TOKENS.server,
) {
  const headers: Record<string, string> = {
    'Content-Type': 'application/octet-stream',
    'X-MatchZy-Token': token,
  };
  for (const brand of ['MatchZy', 'Get5']) {
    headers[`${brand}-FileName`] = `matchzy_${matchid}_${map}_round${String(round).padStart(2, '0')}.json`;
    headers[`${brand}-MatchId`] = String(matchid);
    headers[`${brand}-MapNumber`] = String(map);
    headers[`${brand}-RoundNumber`] = String(round);
  }
  const res = await fetch(`${server.url}/api/matches/backups`, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, body: (await res.json()) as any };
}

const fileOf = (slug: string, map: number, round: number, headers: Record<string, string>) =>
  fetch(`${server.url}/api/matches/${slug}/backups/${map}/${round}`, { headers });

describe('round backups at Matchday (API.md decision 54)', () => {
  it('stores each upload with its match, map and round, lists them newest first and serves them byte for byte', async () => {
    const { slug, matchid } = await manualMatch();
    const first = backupFile(matchid, 0, [0, 0]);
    const later = backupFile(matchid, 0, [7, 5]);
    const nextMap = backupFile(matchid, 1, [1, 2]);
    expect((await post(first, matchid, 0, 0)).status).toBe(201);
    const stored = await post(later, matchid, 0, 12);
    expect(stored).toMatchObject({
      status: 201,
      body: { success: true, backup: { mapNumber: 0, round: 12, team1Score: 7, team2Score: 5 } },
    });
    expect((await post(nextMap, matchid, 1, 3)).status).toBe(201);

    const list = await server.request('GET', `/api/matches/${slug}/backups`);
    expect(list.status).toBe(200);
    expect(
      (list.body.backups as { mapNumber: number; round: number }[]).map((b) => [b.mapNumber, b.round]),
    ).toEqual([
      [1, 3],
      [0, 12],
      [0, 0],
    ]);
    expect(list.body.backups[1]).toMatchObject({
      team1Score: 7,
      team2Score: 5,
      bytes: Buffer.byteLength(later),
    });
    expect(typeof list.body.backups[1].at).toBe('number');

    // The plugin fetches it with the header Matchday named; an admin may download it too.
    const byPlugin = await fileOf(slug, 0, 12, { 'X-MatchZy-Token': TOKENS.server });
    expect(byPlugin.status).toBe(200);
    expect(await byPlugin.text()).toBe(later);
    const byAdmin = await fileOf(slug, 1, 3, { Authorization: `Bearer ${TOKENS.admin}` });
    expect(await byAdmin.text()).toBe(nextMap);
  });

  it('refuses a file over 8 MiB (413) and a match it does not know (404), storing nothing', async () => {
    const { slug, matchid } = await manualMatch();
    const huge = backupFile(matchid, 0, [1, 1], 'x'.repeat(8 * 1024 * 1024));
    const tooLarge = await post(huge, matchid, 0, 2);
    expect(tooLarge).toMatchObject({ status: 413, body: { success: false, code: 'PAYLOAD_TOO_LARGE' } });
    const unknown = await post(backupFile(987654, 0, [1, 1]), 987654, 0, 2);
    expect(unknown).toMatchObject({ status: 404, body: { success: false, code: 'NOT_FOUND' } });
    expect(unknown.body.error).toMatch(/987654/);
    const notJson = await post('not a backup', matchid, 0, 2);
    expect(notJson).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });

    expect((await server.request('GET', `/api/matches/${slug}/backups`)).body.backups).toEqual([]);
    const missing = await server.request('GET', `/api/matches/${slug}/backups/0/2`);
    expect(missing.status).toBe(404);
    expect((await server.request('GET', '/api/matches/no-such-match/backups')).status).toBe(404);
  });

  it('lets only the plugin token and admins read a file, and only the plugin token upload', async () => {
    const { slug, matchid } = await manualMatch();
    expect((await post(backupFile(matchid, 0, [2, 0]), matchid, 0, 2)).status).toBe(201);
    expect((await post(backupFile(matchid, 0, [2, 1]), matchid, 0, 3, 'wrong-token-0123456789')).status).toBe(
      401,
    );
    expect((await fileOf(slug, 0, 2, {})).status).toBe(401);
    expect((await fileOf(slug, 0, 2, { 'X-MatchZy-Token': 'wrong-token-0123456789' })).status).toBe(401);
    // The file's match_config may carry the event token: no read-only token reads it (decision 9).
    expect((await fileOf(slug, 0, 2, { Authorization: `Bearer ${TOKENS.readonly}` })).status).toBe(403);
    expect((await server.request('GET', `/api/matches/${slug}/backups`, { token: 'readonly' })).status).toBe(
      200,
    );
  });

  it('go when their match goes', async () => {
    const { slug, matchid } = await manualMatch();
    expect((await post(backupFile(matchid, 0, [3, 4]), matchid, 0, 7)).status).toBe(201);
    const folder = path.join(server.dataDir, 'round-backups', slug);
    expect(fs.readdirSync(folder)).toEqual(['map0_round07.json']);
    expect((await server.request('DELETE', `/api/matches/${slug}`)).status).toBe(200);
    expect((await server.request('GET', `/api/matches/${slug}/backups`)).status).toBe(404);
    await waitFor(() => !fs.existsSync(folder), { message: `the round backup folder of ${slug} removed` });
  });

  it('travel in the one-file backup archive to another Matchday', async () => {
    const { slug, matchid } = await manualMatch();
    const file = backupFile(matchid, 0, [9, 3]);
    expect((await post(file, matchid, 0, 12)).status).toBe(201);
    const archive = await download(server, '/api/backup?demos=1');

    const target = await startTestServer();
    try {
      expect((await upload(target, archive)).status).toBe(200);
      const listed = await target.request('GET', `/api/matches/${slug}/backups`);
      expect(listed.body.backups).toEqual([
        expect.objectContaining({ mapNumber: 0, round: 12, team1Score: 9 }),
      ]);
      const served = await fetch(`${target.url}/api/matches/${slug}/backups/0/12`, {
        headers: { 'X-Plugin-Token': TOKENS.server },
      });
      expect(await served.text()).toBe(file);
    } finally {
      await target.stop();
    }
  });
});
