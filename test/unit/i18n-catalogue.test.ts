import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from '../../renderer/src/i18n/locales/en/index.js';
import { de } from '../../renderer/src/i18n/locales/de/index.js';
import { pickLanguage } from '../../renderer/src/i18n/language.js';

const CATALOGUES = { en, de };
const PLURAL_SUFFIXES = ['_zero', '_one', '_two', '_few', '_many', '_other'];

/** Every leaf of a catalogue as `dotted.key -> text`. */
function leaves(tree: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') {
      out.set(path, value);
    } else {
      for (const [k, v] of leaves(value as object, path)) {
        out.set(k, v);
      }
    }
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      return name === 'locales' ? [] : sourceFiles(path);
    }
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The literal keys the web app asks for: t('a.b'), t("a.b"), i18nKey="a.b". */
function usedKeys(): { key: string; file: string }[] {
  return sourceFiles('renderer/src').flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    const calls = [
      ...text.matchAll(/\bt\(\s*['"]([\w.-]+)['"]/g),
      ...text.matchAll(/i18nKey=["']([\w.-]+)["']/g),
    ];
    return calls.map((m) => ({ key: m[1]!, file }));
  });
}

describe('web app catalogues (API.md decision 51)', () => {
  const english = leaves(en);

  it.each(Object.entries(CATALOGUES))(
    '%s has every key of the others and nothing else',
    (_lang, catalogue) => {
      const keys = leaves(catalogue);
      for (const other of Object.values(CATALOGUES)) {
        expect([...leaves(other).keys()].filter((k) => !keys.has(k))).toEqual([]);
      }
    },
  );

  it.each(Object.entries(CATALOGUES))(
    '%s has no empty text and the same placeholders as English',
    (_lang, catalogue) => {
      for (const [key, text] of leaves(catalogue)) {
        expect(text.trim(), key).not.toBe('');
        expect(placeholders(text), key).toEqual(placeholders(english.get(key)!));
      }
    },
  );

  it('every key the web app asks for is in every catalogue', () => {
    const missing = usedKeys().filter(({ key }) =>
      Object.values(CATALOGUES).some((catalogue) => {
        const keys = leaves(catalogue);
        return !keys.has(key) && !PLURAL_SUFFIXES.some((suffix) => keys.has(key + suffix));
      }),
    );
    expect(missing).toEqual([]);
  });

  it('the scan finds the keys the layouts use (so an empty scan cannot pass)', () => {
    expect(usedKeys().map((u) => u.key)).toContain('layout.admin.signInNeeded');
  });
});

describe('pickLanguage', () => {
  it('takes the remembered choice first', () => {
    expect(pickLanguage('de', ['en-US'])).toBe('de');
  });
  it('ignores a remembered language that is not shipped', () => {
    expect(pickLanguage('fr', ['de-AT', 'en'])).toBe('de');
  });
  it('takes the first supported browser language by primary subtag', () => {
    expect(pickLanguage(null, ['fr-FR', 'DE-ch', 'en'])).toBe('de');
    expect(pickLanguage(null, ['en-GB', 'de'])).toBe('en');
  });
  it('falls back to English', () => {
    expect(pickLanguage(null, ['fr', 'pl'])).toBe('en');
    expect(pickLanguage(null, [])).toBe('en');
  });
});
