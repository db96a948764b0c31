import { describe, expect, it } from 'vitest';
import { startTimeForm } from '../../shared/domain/start-time-form.js';

const NOW = 1_800_000_000;

describe('startTimeForm', () => {
  it('counts minutes while every start is within the hour', () => {
    expect(startTimeForm([NOW + 5 * 60, NOW + 60 * 60], NOW)).toBe('minutes');
    expect(startTimeForm([], NOW)).toBe('minutes');
  });

  it('gives the whole column clock times once one start is more than an hour away', () => {
    expect(startTimeForm([NOW + 5 * 60, NOW + 61 * 60], NOW)).toBe('clock');
  });
});
