import { describe, expect, it } from 'vitest';
import { DEFAULT_SIZE, restoreWindowState } from '../../main/window-state.js';

const LAPTOP = { x: 0, y: 0, width: 1920, height: 1040 };
const SECOND_SCREEN = { x: 1920, y: 0, width: 2560, height: 1400 };

describe('restoreWindowState', () => {
  it('restores saved bounds that lie on a display', () => {
    const saved = { bounds: { x: 2000, y: 100, width: 1400, height: 900 }, maximized: true };
    expect(restoreWindowState(saved, [LAPTOP, SECOND_SCREEN])).toEqual(saved);
  });

  it('keeps the size but drops the position when that display is gone', () => {
    const saved = { bounds: { x: 2000, y: 100, width: 1400, height: 900 }, maximized: false };
    expect(restoreWindowState(saved, [LAPTOP])).toEqual({
      bounds: { width: 1400, height: 900 },
      maximized: false,
    });
  });

  it('treats a window with only a sliver on screen as off screen', () => {
    const saved = { bounds: { x: 1880, y: 0, width: 1000, height: 800 }, maximized: false };
    expect(restoreWindowState(saved, [LAPTOP]).bounds).toEqual({ width: 1000, height: 800 });
  });

  it.each([
    null,
    undefined,
    'garbage',
    { bounds: { x: 0, y: 0, width: 10, height: 10 } },
    { bounds: { x: 0, y: 0, width: Number.NaN, height: 800 } },
    { bounds: { x: '0', y: 0, width: 1000, height: 800 } },
  ])('falls back to the default size for %j', (saved) => {
    expect(restoreWindowState(saved, [LAPTOP])).toEqual({ bounds: DEFAULT_SIZE, maximized: false });
  });
});
