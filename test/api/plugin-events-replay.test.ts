import { describe, expect, it } from 'vitest';
import {
  server,
  teamIds,
  post,
  roundEnd,
  mapResult,
  mapEvent,
  manualMatch,
  read,
  usePluginEventsServer,
} from '../helpers/plugin-events.js';

usePluginEventsServer();

describe('POST /api/recovery/replay/:matchSlug', () => {
  const replay = (slug: string, body?: unknown, token: 'admin' | 'readonly' = 'admin') =>
    server.request('POST', `/api/recovery/replay/${slug}`, { body, token });

  it('re-applies the stored events: a series end that came before its map is applied; twice changes nothing', async () => {
    const { slug, matchid } = await manualMatch({ format: 'bo1', maps: ['de_inferno'] });
    // The plugin's retry queue reorders: the series end arrives before the match went live.
    const end = { winner: { side: '2', team: 'team1' }, team1_series_score: 1, matchid, event: 'series_end' };
    expect((await post(slug, end)).body.outcome).toBe('applied');
    expect((await read(slug)).status).toBe('ready');
    await post(slug, mapEvent('going_live', matchid, 0));
    await post(slug, roundEnd(matchid, 0, 13, 9));
    await post(slug, mapResult(matchid, 0, 13, 9));
    expect(await read(slug)).toMatchObject({ status: 'live', team1SeriesScore: 1 });
    const storedEvents = (await server.request('GET', `/api/matches/${slug}/events`)).body.events.length;

    const first = await replay(slug);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      success: true,
      matchSlug: slug,
      events: 4,
      newlyApplied: 0,
      seriesEnded: true,
      match: { status: 'completed', winnerId: teamIds[0], team1SeriesScore: 1 },
    });
    const completed = await read(slug);

    const second = await replay(slug, { sinceTimestamp: 0 });
    expect(second.body).toMatchObject({ events: 4, newlyApplied: 0, changed: false, seriesEnded: false });
    expect(await read(slug)).toEqual(completed);
    // A replay stores nothing: the event log is as it was.
    expect((await server.request('GET', `/api/matches/${slug}/events`)).body.events).toHaveLength(
      storedEvents,
    );
  });

  it('replays nothing of a running match that is up to date, and only the window asked for', async () => {
    const { slug, matchid } = await manualMatch();
    await post(slug, mapEvent('going_live', matchid, 0));
    await post(slug, roundEnd(matchid, 0, 3, 1));
    await post(slug, { map_number: 0, matchid, event: 'match_paused', is_admin: true });
    await post(slug, { map_number: 0, matchid, event: 'match_unpaused' });
    const before = await read(slug);
    expect((await replay(slug)).body).toMatchObject({ events: 4, changed: false, seriesEnded: false });
    expect(await read(slug)).toEqual(before);
    const future = Math.floor(Date.now() / 1000) + 3600;
    expect((await replay(slug, { sinceTimestamp: future })).body).toMatchObject({
      events: 0,
      changed: false,
    });
  });

  it('does not replay events of another sender; refuses unknown matches, bad bodies and read-only tokens', async () => {
    const { slug, matchid } = await manualMatch({ format: 'bo1', maps: ['de_inferno'] });
    await post('some-other-server', mapEvent('going_live', matchid, 0));
    expect((await replay(slug)).body).toMatchObject({ events: 0, changed: false });
    expect((await read(slug)).status).toBe('ready');

    expect((await replay('no-such-match')).status).toBe(404);
    const bad = await replay(slug, { sinceTimestamp: 'yesterday' });
    expect([bad.status, bad.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect((await replay(slug, undefined, 'readonly')).status).toBe(403);
    expect((await server.request('POST', `/api/recovery/replay/${slug}`, { token: null })).status).toBe(401);
  });
});
