/** Window bounds remembered between runs, checked against the displays that exist now. */

export interface Bounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface WindowState {
  bounds: Bounds;
  maximized: boolean;
}

export const DEFAULT_SIZE = { width: 1280, height: 800 };
const MIN_VISIBLE = 100;

function isBounds(value: unknown): value is Bounds {
  const b = value as Bounds;
  return (
    typeof b === 'object' &&
    b !== null &&
    [b.x, b.y, b.width, b.height].every((n) => Number.isFinite(n)) &&
    b.width >= 400 &&
    b.height >= 300
  );
}

/** How much of `a` lies on `b`, in pixels along each axis. */
function overlap(a: Bounds, b: Bounds): { x: number; y: number } {
  return {
    x: Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x),
    y: Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y),
  };
}

/**
 * The saved state when it is sane and enough of the window would be visible on one of the current
 * displays' work areas; otherwise the default size, centred by Electron (no position).
 */
export function restoreWindowState(
  saved: unknown,
  workAreas: readonly Bounds[],
): { bounds: Partial<Bounds> & { width: number; height: number }; maximized: boolean } {
  const state = saved as Partial<WindowState> | null;
  if (!state || !isBounds(state.bounds)) {
    return { bounds: { ...DEFAULT_SIZE }, maximized: false };
  }
  const visible = workAreas.some((area) => {
    const o = overlap(state.bounds!, area);
    return o.x >= MIN_VISIBLE && o.y >= MIN_VISIBLE;
  });
  if (!visible) {
    return {
      bounds: { width: state.bounds.width, height: state.bounds.height },
      maximized: state.maximized === true,
    };
  }
  return { bounds: state.bounds, maximized: state.maximized === true };
}
