import { useSyncExternalStore } from 'react';

/** Whether the CSS media query matches now, following changes (a phone turned, a window resized). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}

/** The phone width at which the bars fold their links and wide tables become cards (as in the stylesheets). */
export const PHONE_QUERY = '(max-width: 720px)';
