import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { en } from './locales/en/index.js';
import { de } from './locales/de/index.js';
import { isLanguage, LANGUAGE_STORAGE_KEY, pickLanguage, type Language } from './language.js';

function readRemembered(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null; // storage blocked (private mode, OBS with storage off): fall back to the browser's languages
  }
}

/** The one i18next instance of the web app; every user-facing string comes from its catalogues. */
export const i18n: I18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, de: { translation: de } },
  lng: pickLanguage(readRemembered(), navigator.languages ?? [navigator.language]),
  fallbackLng: false,
  interpolation: { escapeValue: false }, // React escapes
  returnNull: false,
  initAsync: false,
});

function followDocument(lng: string) {
  document.documentElement.lang = lng;
}
followDocument(i18n.language);
i18n.on('languageChanged', followDocument);

/** The language in use. */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'en';
}

/** Switches the language; `remember` keeps it for this browser (the switcher), a page's `?lang=` does not. */
export function setLanguage(language: Language, { remember }: { remember: boolean }) {
  if (remember) {
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
    } catch {
      // not remembered, still switched
    }
  }
  void i18n.changeLanguage(language);
}

/** `?lang=de` on the overlay and the projector (decision 51): followed when supported, not remembered. */
export function followLanguageParam(search: string) {
  const lang = new URLSearchParams(search).get('lang');
  if (isLanguage(lang) && lang !== i18n.language) {
    setLanguage(lang, { remember: false });
  }
}

/** `t` for components: re-renders them when the language changes. */
export const useT = () => useTranslation().t;

/** `t` outside components (stores, toasts); call it when the text is shown, not at import. */
export const t = i18n.t.bind(i18n);
