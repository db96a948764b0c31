/** What a stream overlay's address may set (API.md decision 50); anything else in it is ignored. */
export interface OverlayParams {
  theme: 'light' | 'dark';
  scale: number;
}

const MIN_SCALE = 0.5;
const MAX_SCALE = 2;

/** `?theme=light|dark` (dark otherwise) and `?scale=0.5..2` (clamped; 1 when missing or not a number). */
export function overlayParams(search: URLSearchParams): OverlayParams {
  const scale = Number(search.get('scale') ?? '1');
  return {
    theme: search.get('theme') === 'light' ? 'light' : 'dark',
    scale:
      Number.isFinite(scale) && search.get('scale') !== ''
        ? Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale))
        : 1,
  };
}
