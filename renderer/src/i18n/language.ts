/** The languages the web app ships (API.md decision 51); a new one is a catalogue and a line here. */
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'de', name: 'Deutsch' },
] as const;

export type Language = (typeof LANGUAGES)[number]['code'];

/** Where the switcher remembers the choice, per browser. */
export const LANGUAGE_STORAGE_KEY = 'matchday.lang';

export function isLanguage(value: string | null | undefined): value is Language {
  return LANGUAGES.some((l) => l.code === value);
}

/**
 * The language to use, in decision 51's order: the remembered choice, else the first of the browser's
 * languages that is supported by its primary subtag ("de-AT" -> "de"), else English.
 */
export function pickLanguage(remembered: string | null, browserLanguages: readonly string[]): Language {
  if (isLanguage(remembered)) {
    return remembered;
  }
  for (const tag of browserLanguages) {
    const primary = tag.split('-')[0]?.toLowerCase();
    if (isLanguage(primary)) {
      return primary;
    }
  }
  return 'en';
}
