import { describe, expect, it } from 'vitest';
import { isOlderBuild, newestBuild, readGameBuild } from '../../shared/domain/game-build.js';
import { serverAvailability, type ServerFacts } from '../../shared/domain/server-availability.js';

const STATUS = [
  'hostname : LAN #1',
  'spawn    : 1',
  'version  : 1.41.0.2/14100 10276 secure  public',
  'os/type  : Linux dedicated',
].join('\n');

describe('the game build a server reports', () => {
  it('takes build and patch version from status, the build alone from version', () => {
    expect(readGameBuild('Protocol version 14100 [14100/14100]', STATUS)).toEqual({
      buildId: '14100',
      version: '1.41.0.2',
    });
    expect(readGameBuild('Protocol version 14090 [14090/14090]', 'hostname : x')).toEqual({
      buildId: '14090',
      version: null,
    });
    expect(readGameBuild('Unable to get server version', "Unknown command 'status'")).toEqual({
      buildId: null,
      version: null,
    });
  });

  it('an older build than the newest on the LAN blocks the server, naming both', () => {
    const newest = newestBuild([
      { id: 'a', gameBuildId: '14090' },
      { id: 'b', gameBuildId: '14100' },
      { id: 'c', gameBuildId: null },
    ]);
    expect(newest).toEqual({ buildId: 14100, serverId: 'b' });
    expect(isOlderBuild('14090', newest)).toBe(true);
    expect(isOlderBuild('14100', newest)).toBe(false);
    expect(isOlderBuild(null, newest)).toBe(false);

    const facts: ServerFacts = {
      enabled: true,
      gameBuildId: '14090',
      trusted: false,
      pluginVersion: '1.4.21',
      updateRequiredVersion: null,
      dbOk: true,
      dbError: null,
      pluginStatus: 'idle',
      setupError: null,
      demoHoldUntil: null,
      demoHoldUploading: false,
      failedAt: null,
    };
    const verdict = serverAvailability(facts, null, 0, newest);
    expect(verdict).toMatchObject({ free: false, blockedReason: 'outdated' });
    expect(verdict.warnings).toEqual([
      'Game build 14090 is older than build 14100 on server b: update this server',
    ]);
    expect(serverAvailability({ ...facts, gameBuildId: '14100' }, null, 0, newest).free).toBe(true);
    // A match was moved off it (API.md decision 55): blocked as failed until its setup runs again.
    expect(
      serverAvailability({ ...facts, gameBuildId: '14100', failedAt: 100 }, null, 0, newest),
    ).toMatchObject({ free: false, blockedReason: 'failed' });
  });
});
