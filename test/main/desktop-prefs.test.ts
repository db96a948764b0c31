import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PORT, parsePrefs, readPrefs, writePrefs } from '../../main/desktop-prefs.js';
import { tempDir } from '../helpers/temp-dir.js';

describe('desktop preferences', () => {
  it('defaults every field, and replaces only the invalid ones', () => {
    const defaults = { port: DEFAULT_PORT, closeNoticeShown: false, updateSource: '', mdnsName: '' };
    expect(parsePrefs(null)).toEqual(defaults);
    expect(parsePrefs('garbage')).toEqual(defaults);
    expect(parsePrefs({ port: 70000, closeNoticeShown: true, mdnsName: 42 })).toEqual({
      ...defaults,
      closeNoticeShown: true,
    });
  });

  it('round-trips through the file and survives a damaged one', () => {
    const file = path.join(tempDir('md-prefs-'), 'desktop-prefs.json');
    expect(readPrefs(file).port).toBe(DEFAULT_PORT);
    writePrefs(file, { ...parsePrefs({}), port: 3001, closeNoticeShown: true });
    expect(readPrefs(file)).toMatchObject({ port: 3001, closeNoticeShown: true });
    fs.writeFileSync(file, '{"port": 30');
    expect(readPrefs(file).port).toBe(DEFAULT_PORT);
  });
});
