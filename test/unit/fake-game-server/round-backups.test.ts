import { describe, expect, it } from 'vitest';
import { matchConfig, useFakeGameServers } from '../../helpers/fake-game-server.js';

const fake = useFakeGameServers();
const { startServer, connect, configure } = fake;

/** Team1 wins the first three rounds, team2 the fourth, team1 the rest: 13-1. */
const ROUNDS = [
  ...Array.from({ length: 3 }, () => 'team1' as const),
  'team2' as const,
  ...Array.from({ length: 10 }, () => 'team1' as const),
];

describe('round backup uploads (sivert-io/MatchZy-Enhanced 1.4.21 src/BackupManagement.cs)', () => {
  it('posts every live round start’s backup with the demo uploader’s headers and the backup header', async () => {
    const server = await startServer({ flavour: 'matchzy' });
    const client = await connect(server);
    await configure(client);
    const url = fake.receiver.url;
    for (const line of [
      // configure() speaks the fake's own names: the events under 1.4.21's.
      'matchzy_server_id "srv-1"',
      `matchzy_remote_log_url "${url}/events"`,
      `matchzy_remote_backup_header_key "X-MatchZy-Token"`,
      `matchzy_remote_backup_header_value "server-token"`,
      `matchzy_remote_backup_url "${url}/backups"`,
    ]) {
      expect(await client.command(line)).toBe('');
    }
    fake.receiver.matches.set('r1m1.json', { body: matchConfig() });
    server.setScript({ maps: [{ rounds: ROUNDS, knife: { winner: 'team1', choice: 'stay' } }] });
    await client.command(`matchzy_loadmatch_url "${url}/matches/r1m1.json"`);
    await server.matchFinished();
    await server.settled();

    // One per round start, named by the rounds played so far (the last round's is round13).
    const backups = fake.receiver.backups;
    expect(
      backups.map((b) => b.headers['matchzy-roundnumber']).sort((a, b) => Number(a) - Number(b)),
    ).toEqual(ROUNDS.map((_, i) => String(i)));
    const fifth = backups.find((b) => b.headers['matchzy-roundnumber'] === '4')!;
    expect(fifth.headers).toMatchObject({
      'content-type': 'application/octet-stream',
      'x-matchzy-token': 'server-token',
      'matchzy-filename': 'matchzy_42_0_round04.json',
      'matchzy-matchid': '42',
      'matchzy-mapnumber': '0',
      'get5-filename': 'matchzy_42_0_round04.json',
      'get5-roundnumber': '4',
    });
    // A flat object of strings: the round start's score, the match config and the engine's backup.
    const file = JSON.parse(fifth.body) as Record<string, unknown>;
    expect(Object.values(file).every((value) => typeof value === 'string')).toBe(true);
    expect(file).toMatchObject({
      matchid: '42',
      mapnumber: '0',
      round: '04',
      team1_score: '3',
      team2_score: '1',
      match_loaded: 'True',
    });
    expect(typeof file.match_config).toBe('string');
    expect(typeof file.valve_backup).toBe('string');
    // The same uploader as demos: its events name the .json file.
    expect(
      fake.receiver.eventPayloads('demo_upload_success').filter((e) => String(e.filename).endsWith('.json')),
    ).toHaveLength(ROUNDS.length);
  });

  it('uploads nothing without a URL, and forgets the upload on restart (kept in memory only)', async () => {
    const server = await startServer({ flavour: 'matchzy' });
    const client = await connect(server);
    await configure(client);
    const url = fake.receiver.url;
    // An invalid URL changes nothing (src/ConfigConvars.cs MatchZyBackupUploadURL).
    await client.command('matchzy_remote_backup_url "not a url"');
    fake.receiver.matches.set('r1m1.json', { body: matchConfig() });
    server.setScript({ maps: [{ score: [13, 2] }] });
    await client.command(`matchzy_loadmatch_url "${url}/matches/r1m1.json"`);
    await server.matchFinished();
    await server.settled();
    expect(fake.receiver.backups).toHaveLength(0);
    await client.command(`matchzy_remote_backup_url "${url}/backups"`);
    expect(server.settings?.backupUploadUrl).toBe(`${url}/backups`);
    await server.restart();
    expect(server.settings?.backupUploadUrl).toBe('');
  });
});

describe('loading a round backup from a URL (sivert-io/MatchZy-Enhanced 1.4.21 src/BackupManagement.cs LoadBackupFromURL)', () => {
  it('refuses an invalid URL, reports an HTTP error, and logs an unreachable one, restoring nothing', async () => {
    const url = fake.receiver.url;
    const server = await startServer({ flavour: 'matchzy', unreachableUrls: [`${url}/unreachable`] });
    const client = await connect(server);
    await configure(client);

    expect(await client.command('matchzy_loadbackup_url "not a url"')).toMatch(/Invalid URL: not a url/);
    expect(await client.command(`matchzy_loadbackup_url "${url}/no-such-backup.json"`)).toMatch(
      /HTTP request failed with status code: NotFound/,
    );
    expect(await client.command(`matchzy_loadbackup_url "${url}/unreachable/r1m1.json"`)).toBe('');
    expect(
      server.logs.some(
        (entry) => entry.level === 'error' && entry.message.startsWith('[LoadBackupFromURL - FATAL]'),
      ),
    ).toBe(true);
    expect(fake.receiver.requests.filter((r) => r.path.startsWith('/unreachable'))).toEqual([]);
    expect(server.events.filter((e) => e.name === 'backup_loaded')).toEqual([]);
  });
});
