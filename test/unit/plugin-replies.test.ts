import { describe, expect, it } from 'vitest';
import { loadReplyKind } from '../../server/integrations/plugin/capabilities.js';
import { controlRefusal } from '../../server/integrations/plugin/control-replies.js';

/** The console prefix with its colour bytes, as the plugin prints it (src/Utility.cs ReplyToUserCommand). */
const said = (text: string) => `[\x04MatchZy\x01] ${text}`;

describe('controlRefusal', () => {
  it('finds the plugin’s refusal of a pause, a restore and a start, without prefix and colour bytes', () => {
    for (const text of [
      'Match is already paused!',
      'You cannot use this command during halftime.',
      'You cannot use this command after the game has ended.',
      'You cannot use this command when tactical timeout is active.',
      'You cannot load a backup during halftime.',
    ]) {
      expect(controlRefusal(said(text))).toBe(text);
    }
    expect(
      controlRefusal(
        said(
          'Start command cannot be used if match is already started! If you want to unpause, please use .unpause',
        ),
      ),
    ).toBe('Start command cannot be used if match is already started!');
  });

  it('finds none in an empty reply or what the plugin says when it acts', () => {
    expect(controlRefusal('')).toBeNull();
    expect(controlRefusal('[MatchZy] Admin has unpaused the match, resuming the match!')).toBeNull();
  });
});

describe('loadReplyKind', () => {
  it('tells a failed load (config refused, fetch failed) from a queued or refused one', () => {
    expect(loadReplyKind(said('Match load failed! Resetting current match'))).toBe('failed');
    expect(loadReplyKind(said('[LoadMatchFromURL] HTTP request failed with status code: Conflict'))).toBe(
      'failed',
    );
    expect(
      loadReplyKind(
        said(
          '[LoadMatchDataCommand] Current match 3 is finishing. Queued next match from URL: http://x/a.json to load after reset.',
        ),
      ),
    ).toBe('queued');
    expect(
      loadReplyKind(
        said('[LoadMatchDataCommand] A match is already setup with id: 3, cannot load a new match!'),
      ),
    ).toBe('already_set_up');
    expect(loadReplyKind('')).toBe('other');
  });
});
