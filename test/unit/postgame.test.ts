import { describe, expect, it } from 'vitest';
import { POSTGAME_DEFAULTS, postgameResetSeconds } from '../../shared/domain/postgame.js';

describe('postgameResetSeconds (PROTOCOL.md 6.1)', () => {
  it('is 76 s on the plugin defaults with tv_delay 0 and 96 s with tv_delay 10', () => {
    expect(postgameResetSeconds({ ...POSTGAME_DEFAULTS, tvDelay: 0 })).toBe(76);
    expect(postgameResetSeconds(POSTGAME_DEFAULTS)).toBe(96);
    expect(postgameResetSeconds({ ...POSTGAME_DEFAULTS, tvEnabled: false })).toBe(76);
  });

  it('follows a larger mp_match_restart_delay, and Matchday’s simulated settings', () => {
    expect(postgameResetSeconds({ ...POSTGAME_DEFAULTS, tvDelay: 0, matchRestartDelay: 40 })).toBe(101);
    const simulated = { ...POSTGAME_DEFAULTS, tvDelay: 0, matchRestartDelay: 10 };
    const kicks = { noDemo: 10, demoNoUpload: 10, demoUpload: 10 };
    expect(postgameResetSeconds({ ...simulated, kickDelay: kicks })).toBe(26);
    expect(postgameResetSeconds({ ...simulated, kickDelay: kicks, recording: false })).toBe(21);
    expect(postgameResetSeconds({ ...simulated, kickDelay: kicks, uploading: false })).toBe(26);
  });
});
