import 'i18next';
import type { Catalogue } from './locales/en/index.js';

// Typed keys: asking for a key the English catalogue lacks fails the typecheck.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Catalogue };
  }
}
