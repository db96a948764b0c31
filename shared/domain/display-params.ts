// What the addresses of the stream overlay and the projector may set (API.md decisions 50 and 52).
// Anything else in the query is ignored; a value out of range is brought into it.

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** A finite number from a query value, else null (missing, empty or not a number). */
function numberOf(value: string | null): number | null {
  if (value === null || value.trim() === '') {
    return null;
  }
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

export interface OverlayParams {
  theme: 'light' | 'dark';
  scale: number;
}

/** `?theme=light|dark` (dark otherwise) and `?scale=0.5..2` (1 when missing or not a number). */
export function overlayParams(search: URLSearchParams): OverlayParams {
  const scale = numberOf(search.get('scale'));
  return {
    theme: search.get('theme') === 'light' ? 'light' : 'dark',
    scale: scale === null ? 1 : clamp(scale, 0.5, 2),
  };
}

export const SCREEN_PANELS = ['bracket', 'live', 'standings', 'next', 'stage'] as const;
export type ScreenPanel = (typeof SCREEN_PANELS)[number];

export interface ScreenParams {
  /** The one panel shown, or null to cycle through them. */
  pinned: ScreenPanel | null;
  /** Seconds each panel stays. */
  periodSeconds: number;
  /** Seconds each running tournament stays while several run (decision 73). */
  cycleSeconds: number;
}

/**
 * `?panel=bracket|live|standings|next` pins one; `?period=5..120` seconds per panel (15 otherwise);
 * `?cycle=5..3600` seconds per tournament (otherwise one round of every panel).
 */
export function screenParams(search: URLSearchParams): ScreenParams {
  const panel = search.get('panel');
  const period = numberOf(search.get('period'));
  const cycle = numberOf(search.get('cycle'));
  const periodSeconds = period === null ? 15 : clamp(Math.round(period), 5, 120);
  return {
    pinned: SCREEN_PANELS.find((p) => p === panel) ?? null,
    periodSeconds,
    cycleSeconds: cycle === null ? periodSeconds * SCREEN_PANELS.length : clamp(Math.round(cycle), 5, 3600),
  };
}
