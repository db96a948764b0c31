import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../server/context.js';
import type { MatchLoad } from '../../server/features/loading/index.js';
import { createServerStop } from '../../server/features/match-controls/stop.js';
import { pluginName } from '../../server/integrations/plugin/flavours.js';

const queued: MatchLoad = {
  loadId: 'load-1',
  matchSlug: 'm-1',
  serverId: 'srv-1',
  createdAt: 100,
  fetchedAt: null,
  endedAt: null,
};

/** An admin stop over a 2.0.0 server whose queued load was, or was not, fetched after it was read. */
function stopWith(fetchedSinceRead: boolean) {
  const commands: string[] = [];
  const ended: string[] = [];
  const stop = createServerStop({ logger: pino({ level: 'silent' }) } as unknown as AppContext, {
    servers: {
      run: async (_serverId, line) => {
        commands.push(line);
        return line.includes('clear_queued_match') ? 'cleared_queued_match=7' : '';
      },
      record: async () => ({ flavour: 'at', pluginVersion: '2.0.0' }) as never,
    },
    loading: {
      currentLoad: async () => queued,
      endUnfetched: async (loadId) => {
        ended.push(loadId);
        return !fetchedSinceRead;
      },
    },
  });
  return { stop, commands, ended };
}

describe('an admin stop of a match read as only queued on its server', () => {
  it('drops the queued load when it is still unfetched once ended', async () => {
    const { stop, commands, ended } = stopWith(false);
    await stop.stopAndWait('srv-1', await stop.queuedLoad('m-1'));
    expect(ended).toEqual(['load-1']);
    expect(commands).toEqual([pluginName('at', 'clear_queued_match')]);
  });

  it('ends the match with css_endmatch when the server fetched the load meanwhile: it plays it now', async () => {
    const { stop, commands } = stopWith(true);
    await stop.stopAndWait('srv-1', await stop.queuedLoad('m-1'));
    expect(commands).toEqual(['css_endmatch']);
  });

  it('ends a fetched match with css_endmatch without touching its load', async () => {
    const { stop, commands, ended } = stopWith(false);
    await stop.stopAndWait('srv-1');
    expect([commands, ended]).toEqual([['css_endmatch'], []]);
  });
});
