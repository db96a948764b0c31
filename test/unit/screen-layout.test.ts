import { describe, expect, it } from 'vitest';
import { bestColumns, placeContent, tiledSize } from '../../renderer/src/features/screen/screen-layout.js';

// A 1000x600 screen: below the QR code the whole width, beside it the whole height.
const BELOW = { left: 0, top: 150, width: 1000, height: 450 };
const BESIDE = { left: 0, top: 50, width: 850, height: 550 };

describe('placeContent', () => {
  it('scales a small wide panel up to the whole width below the QR code, centred', () => {
    expect(placeContent({ width: 500, height: 100 }, [BELOW, BESIDE])).toEqual({
      scale: 2,
      left: 0,
      top: 150 + (450 - 200) / 2,
    });
  });

  it('puts a tall panel beside the QR code, where it gets the whole height', () => {
    const placement = placeContent({ width: 400, height: 1100 }, [BELOW, BESIDE]);
    expect(placement.scale).toBe(0.5);
    expect(placement.top).toBe(50);
    expect(placement.left).toBe((850 - 200) / 2);
  });

  it('keeps a message at its own size when told not to scale up', () => {
    expect(placeContent({ width: 100, height: 20 }, [BELOW], 1).scale).toBe(1);
  });
});

describe('bestColumns', () => {
  it('lays four square groups two by two, and four wide ones in one column', () => {
    expect(bestColumns(4, { width: 100, height: 100 }, 0, [BELOW, BESIDE])).toBe(2);
    expect(bestColumns(4, { width: 800, height: 100 }, 0, [BELOW, BESIDE])).toBe(1);
  });

  it('lays four tall groups in one row', () => {
    expect(bestColumns(4, { width: 100, height: 300 }, 0, [BELOW, BESIDE])).toBe(4);
  });

  it('counts the gaps between tiles', () => {
    expect(tiledSize(5, 2, { width: 10, height: 20 }, 4)).toEqual({ width: 24, height: 68 });
  });
});
