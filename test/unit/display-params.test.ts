import { describe, expect, it } from 'vitest';
import { overlayParams, screenParams } from '../../shared/domain/display-params.js';

const q = (query: string) => new URLSearchParams(query);

describe('overlay address (decision 50)', () => {
  it('is dark at scale 1 by default, and ignores what it does not know', () => {
    expect(overlayParams(q(''))).toEqual({ theme: 'dark', scale: 1 });
    expect(overlayParams(q('foo=bar&theme=neon&scale=big'))).toEqual({ theme: 'dark', scale: 1 });
    expect(overlayParams(q('scale='))).toEqual({ theme: 'dark', scale: 1 });
  });

  it('takes the light theme and a scale brought into 0.5..2', () => {
    expect(overlayParams(q('theme=light&scale=1.5'))).toEqual({ theme: 'light', scale: 1.5 });
    expect(overlayParams(q('scale=0.1')).scale).toBe(0.5);
    expect(overlayParams(q('scale=7')).scale).toBe(2);
  });
});

describe('projector address (decision 52)', () => {
  it('cycles every 15 s by default', () => {
    expect(screenParams(q(''))).toEqual({ pinned: null, periodSeconds: 15 });
    expect(screenParams(q('panel=teams&period=soon'))).toEqual({ pinned: null, periodSeconds: 15 });
  });

  it('pins a known panel and keeps the period within 5..120 s', () => {
    expect(screenParams(q('panel=next&period=30'))).toEqual({ pinned: 'next', periodSeconds: 30 });
    expect(screenParams(q('period=1')).periodSeconds).toBe(5);
    expect(screenParams(q('period=600')).periodSeconds).toBe(120);
  });
});
