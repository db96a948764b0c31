import { useLayoutEffect } from 'react';
import { followLanguageParam } from '../i18n/index.js';

/**
 * The overlay and the projector follow `?lang=` (decision 51): read once when the page mounts, before it
 * first paints, and not remembered (a streaming tool's browser keeps its own choice otherwise).
 */
export function useLanguageParam() {
  useLayoutEffect(() => followLanguageParam(window.location.search), []);
}
