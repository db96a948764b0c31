import { describe, expect, it } from 'vitest';
import { installWhenDrained, publisherNamesOf, updateTrustProblem } from '../../main/update-trust.js';

// As electron-builder writes it (js-yaml dump) for a Windows build with a pinned publisher.
const PINNED = `provider: generic
url: https://updates.invalid/matchday/
publisherName:
  - Matchday contributors
  - 'Matchday e.V.'
updaterCacheDirName: matchday-updater
`;
const UNPINNED = `provider: generic
url: https://updates.invalid/matchday/
updaterCacheDirName: matchday-updater
`;

describe('the pinned publisher', () => {
  it('reads the publisher names of app-update.yml, as a list or a single value', () => {
    expect(publisherNamesOf(PINNED)).toEqual(['Matchday contributors', 'Matchday e.V.']);
    expect(publisherNamesOf('publisherName: "Matchday contributors"\r\nprovider: generic')).toEqual([
      'Matchday contributors',
    ]);
    expect(publisherNamesOf(UNPINNED)).toEqual([]);
    expect(publisherNamesOf('')).toEqual([]);
  });

  it('lets a Windows build without a pinned publisher not update itself (electron-updater would skip the signature check)', () => {
    expect(updateTrustProblem('win32', publisherNamesOf(UNPINNED))).toMatch(
      /pins no update publisher.*by hand/,
    );
    expect(updateTrustProblem('win32', publisherNamesOf(PINNED))).toBeUndefined();
    // macOS: Squirrel.Mac checks the signature itself; Linux: TLS or the organiser's own folder.
    expect(updateTrustProblem('darwin', [])).toBeUndefined();
    expect(updateTrustProblem('linux', [])).toBeUndefined();
  });
});

describe('installing an update', () => {
  it('starts the installer only after the server has drained', async () => {
    const order: string[] = [];
    let drained!: () => void;
    const drain = new Promise<void>((resolve) => (drained = resolve));
    const installing = installWhenDrained(
      () => drain.then(() => void order.push('drained')),
      () => order.push('install'),
    );
    await Promise.resolve();
    expect(order).toEqual([]);
    drained();
    await installing;
    expect(order).toEqual(['drained', 'install']);
  });
});
