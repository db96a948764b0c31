import { currentLanguage, setLanguage, useT } from '../i18n/index.js';
import { isLanguage, LANGUAGES } from '../i18n/language.js';

/** Picks the web app's language for this browser; each language is named in itself. */
export function LanguageSwitcher() {
  const t = useT();
  return (
    <select
      className="language-switcher"
      aria-label={t('layout.language')}
      value={currentLanguage()}
      onChange={(e) => {
        if (isLanguage(e.target.value)) {
          setLanguage(e.target.value, { remember: true });
        }
      }}
    >
      {LANGUAGES.map((l) => (
        <option key={l.code} value={l.code} lang={l.code}>
          {l.name}
        </option>
      ))}
    </select>
  );
}
