import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TokenKind } from '../helpers/server.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

const HEADER = 'team,tag,player,platformId,chatId,role';

/** A CSV file from rows, with a BOM and CRLF as spreadsheets write it. */
const csv = (...rows: string[]) => '\uFEFF' + [HEADER, ...rows].join('\r\n') + '\r\n';

function importCsv(text: string, options: { dryRun?: boolean; token?: TokenKind | null } = {}) {
  return server.request('POST', `/api/teams/import${options.dryRun ? '?dryRun=true' : ''}`, {
    body: text,
    token: options.token,
    headers: { 'Content-Type': 'text/csv; charset=utf-8' },
  });
}

/** The saved teams whose names start with the prefix: each test names its own teams. */
async function savedTeams(prefix: string) {
  const res = await server.request('GET', '/api/teams');
  return (res.body.teams as { id: string; name: string; tag: string; players: { platformId: string }[] }[])
    .filter((t) => t.name.toLowerCase().startsWith(prefix.toLowerCase()))
    .map((t) => ({ id: t.id, name: t.name, tag: t.tag, players: t.players.map((p) => p.platformId) }));
}

describe('POST /api/teams/import', () => {
  it('previews a dry run with every row error and saves nothing', async () => {
    const res = await importCsv(
      csv(
        'Dry Owls,DOW,hoot,STEAM_0:1:1001,,',
        '',
        '"Dry Foxes, the",DFX,vix,[U:1:2001],,',
        '"Dry Foxes, the",DFX,bad,not-an-id,,',
      ),
      { dryRun: true },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      dryRun: true,
      summary: { create: 2, update: 0, unchanged: 0 },
      teams: [
        { name: 'Dry Owls', action: 'create', players: [{ platformId: '76561197960267731', name: 'hoot' }] },
        { name: 'Dry Foxes, the', action: 'create', players: [{ platformId: '76561197960267729' }] },
      ],
    });
    expect(res.body.errors).toEqual([{ row: 5, column: 'platformId', message: expect.any(String) }]);
    expect(await savedTeams('Dry ')).toEqual([]);
  });

  it('refuses a file with a bad row with 400 listing every row error, and saves none of it', async () => {
    const res = await importCsv(
      csv(
        'Bad Owls,BOW,hoot,76561198100000001,,',
        'Bad Foxes,BFX,vix,76561198100000002,,',
        'Bad Foxes,BFX,fox,STEAM_0:1:x,,',
        'Bad Bears,BBR,hoot,76561198100000001,,',
      ),
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(res.body.error).toContain('Nothing was imported');
    expect(res.body.details).toEqual([
      { path: 'rows.4.platformId', message: expect.stringContaining('"STEAM_0:1:x" is not a Steam id') },
      { path: 'rows.5.platformId', message: expect.stringContaining('already on row 2, for team Bad Owls') },
    ]);
    expect(await savedTeams('Bad ')).toEqual([]);
  });

  it('imports the fixed file in full, then a re-import updates or leaves teams unchanged without duplicates', async () => {
    const first = await importCsv(
      csv(
        'Fix Owls,FOW,hoot,76561198200000001,chat-hoot,captain',
        'Fix Owls,FOW,screech,https://steamcommunity.com/profiles/76561198200000002,,',
        'Fix Foxes,FFX,vix,76561198200000003,,',
        'Fix Bears,FBR,cub,76561198200000004,,',
      ),
    );
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ dryRun: false, summary: { create: 3, update: 0, unchanged: 0 } });
    expect(first.body.warnings).toEqual([expect.stringContaining('role')]);
    expect(await savedTeams('Fix ')).toEqual([
      { id: 'fix-bears', name: 'Fix Bears', tag: 'FBR', players: ['76561198200000004'] },
      { id: 'fix-foxes', name: 'Fix Foxes', tag: 'FFX', players: ['76561198200000003'] },
      { id: 'fix-owls', name: 'Fix Owls', tag: 'FOW', players: ['76561198200000001', '76561198200000002'] },
    ]);
    const hoot = await server.request('GET', '/api/players/76561198200000001');
    expect(hoot.body.player.chatId).toBe('chat-hoot');

    // Same Owls in another case, Foxes with a new tag and screech moved over, Bears left out.
    const again = csv(
      'FIX OWLS,FOW,hoot,76561198200000001,,',
      'Fix Foxes,FX2,vix,76561198200000003,,',
      'Fix Foxes,FX2,screech,76561198200000002,,',
      'Fix Owls,FOW,,,,',
    );
    const preview = await importCsv(again, { dryRun: true });
    expect(preview.body.errors).toEqual([]);
    expect(preview.body.teams).toMatchObject([
      {
        teamId: 'fix-owls',
        action: 'update',
        changes: { nameFrom: 'Fix Owls', playersRemoved: [{ platformId: '76561198200000002' }] },
      },
      {
        teamId: 'fix-foxes',
        action: 'update',
        changes: { tagFrom: 'FFX', playersAdded: [{ platformId: '76561198200000002', name: 'screech' }] },
      },
    ]);
    const second = await importCsv(again);
    expect(second.body.summary).toEqual({ create: 0, update: 2, unchanged: 0 });
    expect(await savedTeams('Fix ')).toEqual([
      { id: 'fix-bears', name: 'Fix Bears', tag: 'FBR', players: ['76561198200000004'] },
      { id: 'fix-foxes', name: 'Fix Foxes', tag: 'FX2', players: ['76561198200000003', '76561198200000002'] },
      { id: 'fix-owls', name: 'FIX OWLS', tag: 'FOW', players: ['76561198200000001'] },
    ]);

    const third = await importCsv(again);
    expect(third.body.summary).toEqual({ create: 0, update: 0, unchanged: 2 });
    expect(await savedTeams('Fix ')).toHaveLength(3);
  });

  it('reads a semicolon file as Excel writes it in German locales: BOM, CRLF, quoted fields with ; and ""', async () => {
    const text =
      '\uFEFF' +
      [
        'team;tag;player;platformId',
        '"Semi Owls; Berlin";SOW;"hoot ""the"" owl";76561198200000301',
        'Semi Owls; Berlin;SOW;screech;76561198200000302',
        '"Semi Foxes, Köln";SFX;vix;76561198200000303',
      ].join('\r\n') +
      '\r\n';
    const preview = await importCsv(text, { dryRun: true });
    expect(preview.status).toBe(200);
    // Row 3 leaves "Semi Owls; Berlin" unquoted: its ";" splits the name, so the row is refused by number.
    expect(preview.body.errors).toEqual([expect.objectContaining({ row: 3 })]);

    const fixed = text.replace('Semi Owls; Berlin;SOW;screech', '"Semi Owls; Berlin";SOW;screech');
    const saved = await importCsv(fixed);
    expect(saved.status).toBe(200);
    expect(saved.body.summary).toEqual({ create: 2, update: 0, unchanged: 0 });
    const teams = (await server.request('GET', '/api/teams')).body.teams as {
      name: string;
      tag: string;
      players: { name: string; platformId: string }[];
    }[];
    expect(
      teams
        .filter((t) => t.name.startsWith('Semi '))
        .map((t) => [t.name, t.tag, t.players.map((p) => p.name)])
        .sort(),
    ).toEqual([
      ['Semi Foxes, Köln', 'SFX', ['vix']],
      ['Semi Owls; Berlin', 'SOW', ['hoot "the" owl', 'screech']],
    ]);
  });

  it('refuses a player who is on a saved team the file does not name', async () => {
    await importCsv(csv('Held Owls,HOW,hoot,76561198300000001,,'));
    const res = await importCsv(csv('Held Foxes,HFX,hoot,76561198300000001,,'));
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([
      { path: 'rows.2.platformId', message: expect.stringContaining('already on team Held Owls') },
    ]);
    expect(await savedTeams('Held Foxes')).toEqual([]);
  });

  it('refuses a body over 1 MiB with 413 and another media type with 415', async () => {
    const row = 'Big Owls,BOW,hoot,76561198400000001,,\r\n';
    const huge = await importCsv(HEADER + '\r\n' + row.repeat(Math.ceil((1024 * 1024) / row.length) + 1));
    expect(huge.status).toBe(413);
    expect(huge.body.code).toBe('PAYLOAD_TOO_LARGE');
    const json = await server.request('POST', '/api/teams/import', { body: { teams: [] } });
    expect(json.status).toBe(415);
    expect(await savedTeams('Big ')).toEqual([]);
  });

  it('is for admins only', async () => {
    const text = csv('Auth Owls,AOW,hoot,76561198500000001,,');
    expect((await importCsv(text, { token: null })).status).toBe(401);
    expect((await importCsv(text, { token: 'readonly', dryRun: true })).status).toBe(403);
    expect(await savedTeams('Auth ')).toEqual([]);
  });
});
