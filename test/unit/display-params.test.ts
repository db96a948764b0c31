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
    expect(screenParams(q(''))).toEqual({ pinned: null, periodSeconds: 15, cycleSeconds: 75 });
    expect(screenParams(q('panel=teams&period=soon&cycle=later'))).toEqual({
      pinned: null,
      periodSeconds: 15,
      cycleSeconds: 75,
    });
  });

  it('pins a known panel and keeps the period within 5..120 s', () => {
    expect(screenParams(q('panel=next&period=30'))).toEqual({
      pinned: 'next',
      periodSeconds: 30,
      cycleSeconds: 150,
    });
    expect(screenParams(q('period=1')).periodSeconds).toBe(5);
    expect(screenParams(q('period=600')).periodSeconds).toBe(120);
  });

  it('keeps each running tournament one round of the panels, or ?cycle= seconds within 5..3600', () => {
    expect(screenParams(q('period=10')).cycleSeconds).toBe(50);
    expect(screenParams(q('cycle=8&period=30')).cycleSeconds).toBe(8);
    expect(screenParams(q('cycle=1')).cycleSeconds).toBe(5);
    expect(screenParams(q('cycle=99999')).cycleSeconds).toBe(3600);
  });
});
