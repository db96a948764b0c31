import { describe, expect, it } from 'vitest';
import { matchConfig, useFakeGameServers } from '../../helpers/fake-game-server.js';
import { waitFor } from '../../helpers/wait.js';

const fake = useFakeGameServers();
const { startServer, connect, configure, playMatch } = fake;

describe('the retry queue', () => {
  it('retries a failed event byte for byte with the current header until it is delivered', async () => {
    // 1 ms per game second: the header changes well before the first retry, 30 s later.
    const server = await startServer({ msPerGameSecond: 1 });
    const client = await connect(server);
    await configure(client);
    let failures = 2;
    fake.receiver.eventStatus = (body) => (body.includes('"test_event"') && failures-- > 0 ? 500 : 200);
    expect(await client.command('css_te')).toBe(`Sending test event to: ${fake.receiver.url}/events`);
    await server.waitForEvent('test_event');
    await client.command('plugin_remote_log_header_value "new-token"');
    const delivered = await waitFor(
      () => server.events.find((attempt) => attempt.name === 'test_event' && attempt.outcome === 200),
      { intervalMs: 2, timeoutMs: 5000, message: 'the delivered test_event' },
    );
    const tries = fake.receiver.events.filter((request) => request.body.includes('"test_event"'));
    expect(tries).toHaveLength(3);
    expect(new Set(tries.map((request) => request.body)).size).toBe(1);
    expect(tries.map((request) => request.headers['x-plugin-token'])).toEqual([
      'server-token',
      'new-token',
      'new-token',
    ]);
    expect(delivered.attempt).toBe(2);
    expect(server.queuedEventCount).toBe(0);
  });

  it('gives up after 20 retries; pending events are listed and the queue can be cleared', async () => {
    const server = await startServer();
    const client = await connect(server);
    await configure(client);
    fake.receiver.eventStatus = () => 503;
    server.eventFaults = { unreachable: ['test_event'] };
    await client.command('css_te');
    await waitFor(() => server.events.filter((attempt) => attempt.name === 'test_event').length === 21, {
      intervalMs: 2,
      timeoutMs: 5000,
      message: '21 attempts of test_event',
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const attempts = server.events.filter((attempt) => attempt.name === 'test_event');
    expect(attempts.map((attempt) => attempt.attempt)).toEqual(
      Array.from({ length: 21 }, (_unused, index) => index),
    );
    expect(attempts[0]?.outcome).toBe('error');
    expect(await client.command('plugin_get_pending_events')).toBe(
      'Event queue status:\n  Pending events: 0',
    );
    expect(await client.command('plugin_clear_event_queue')).toBe(
      'Cleared 1 pending/failed events from queue.',
    );
    expect(await client.command('plugin_clear_event_queue')).toBe('No pending/failed events to clear.');
  });

  it('lists due events by name and drops the queue when the URL changes', async () => {
    const server = await startServer({ msPerGameSecond: 1 });
    const client = await connect(server);
    await configure(client);
    fake.receiver.eventStatus = (body) => (body.includes('"test_event"') ? 500 : 200);
    // The worker stays asleep: both events become due and stay listed.
    await client.command('plugin_event_retry_interval 1000');
    await client.command('plugin_events_enabled 0');
    await client.command('css_te');
    expect(server.events.filter((attempt) => attempt.name === 'test_event')).toHaveLength(0);
    await client.command('plugin_events_enabled 1');
    await client.command('css_te');
    await client.command('css_te');
    await waitFor(() => server.queuedEventCount === 2, {
      intervalMs: 2,
      timeoutMs: 5000,
      message: 'two queued events',
    });
    // Due 30 game seconds (30 ms here) after the failure.
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(await client.command('plugin_get_pending_events')).toBe(
      'Event queue status:\n  Pending events: 2\n  Breakdown:\n    - test_event: 2',
    );
    await client.command(`plugin_remote_log_url "${fake.receiver.url}/events?v=2"`);
    expect(server.queuedEventCount).toBe(0);
  });
});

describe('delivery faults', () => {
  it('duplicates, delays and drops first attempts as asked', async () => {
    const server = await startServer();
    server.eventFaults = {
      duplicate: ['map_result'],
      late: { events: (name, payload) => name === 'round_end' && payload.round_number === 2, seconds: 200 },
      unreachable: ['going_live'],
    };
    await playMatch(server, matchConfig(), { maps: [{ score: [13, 2] }] });
    const mapResults = fake.receiver.events.filter((request) => request.body.includes('"map_result"'));
    expect(mapResults).toHaveLength(2);
    expect(mapResults[0]?.body).toBe(mapResults[1]?.body);
    const rounds = fake.receiver.eventPayloads('round_end').map((payload) => payload.round_number);
    expect(rounds.indexOf(2)).toBeGreaterThan(rounds.indexOf(3));
    await waitFor(
      () => server.events.find((attempt) => attempt.name === 'going_live' && attempt.outcome === 200),
      { intervalMs: 2, timeoutMs: 5000, message: 'going_live delivered' },
    );
    expect(
      server.events.filter((attempt) => attempt.name === 'going_live').map((attempt) => attempt.attempt),
    ).toEqual([0, 1]);
  });
});
