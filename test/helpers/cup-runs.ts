import { expect } from 'vitest';
import { WebhookReceiver } from '../fakes/index.js';
import type { MatchConfig } from '../fakes/match-config.js';
import { deploy, type CupRun, type Deployment } from './cup-deployments.js';
import { requester, type TestServer } from './server.js';
import { addFakeServers, PLAY_WAIT, postTeams, TEAM_SIZE, waitForChampion } from './tournament-play.js';
import { waitFor } from './wait.js';

/**
 * A 4-team cup played on fake servers by Matchday in child processes (cup-deployments.ts), for the
 * tests of what a crash may cost: nothing.
 */

type Api = Pick<TestServer, 'request'>;

/** Every matchup plays the same way in every run, whichever server gets it. */
function scriptFor(config: MatchConfig) {
  const names = `${config.team1.name}|${config.team2.name}`;
  const seed = [...names].reduce((hash, c) => (hash * 31 + c.charCodeAt(0)) >>> 0, 7);
  return { seed, pace: { round: [90, 110] as [number, number], roundRestart: 7 } };
}

export interface Outcome {
  matches: Record<string, unknown>;
  /** Per match, every stored plugin event as `event map round` and its payload, in arrival order. */
  events: Record<string, { key: string; payload: string }[]>;
  ratings: Record<string, number>;
  ratingRows: Record<string, number>;
  /** Per match, the webhooks its website accepted: type and sequence, in arrival order. */
  webhooks: Record<string, { type: string; sequence: number }[]>;
  serversWithTwoOpenLoads: string[];
}

interface StoredEvent {
  event: string;
  mapNumber: number | null;
  payload: { round_number?: number };
}

const eventKey = (e: StoredEvent) => `${e.event} ${e.mapNumber ?? '-'} ${e.payload.round_number ?? '-'}`;

/**
 * What a run ended with: every match's result and maps, its stored events, every player's rating
 * and history rows.
 */
async function outcomeOf(
  api: Api,
  website: WebhookReceiver,
): Promise<Omit<Outcome, 'serversWithTwoOpenLoads'>> {
  const { matches } = (await api.request('GET', '/api/matches')).body;
  const events: Outcome['events'] = {};
  for (const { slug } of matches as { slug: string }[]) {
    const stored: StoredEvent[] = (await api.request('GET', `/api/matches/${slug}/events`)).body.events;
    events[slug] = stored.map((e) => ({ key: eventKey(e), payload: JSON.stringify(e.payload) }));
  }
  const { players } = (await api.request('GET', '/api/players')).body;
  const ratingRows: Record<string, number> = {};
  for (const p of players) {
    ratingRows[p.platformId] = (
      await api.request('GET', `/api/players/${p.platformId}/rating-history`)
    ).body.history.length;
  }
  return {
    matches: Object.fromEntries(
      matches.map((m: Record<string, unknown> & { maps: Record<string, unknown>[] }) => [
        m.slug,
        {
          status: m.status,
          winnerId: m.winnerId,
          series: [m.team1SeriesScore, m.team2SeriesScore],
          maps: m.maps.map((map) => [map.name, map.team1Score, map.team2Score, map.winner]),
        },
      ]),
    ),
    events,
    ratings: Object.fromEntries(
      players.map((p: { platformId: string; rating: number }) => [p.platformId, p.rating]),
    ),
    ratingRows,
    webhooks: Object.fromEntries(
      (matches as { slug: string }[]).map(({ slug }) => [
        slug,
        website.accepted
          .filter((r) => r.body.data.match?.slug === slug)
          .map((r) => ({ type: r.body.type as string, sequence: r.body.data.sequence as number })),
      ]),
    ),
  };
}

/**
 * Which events were stored, each distinct delivery once. Arrival order differs between runs (retries
 * come late), and every delivery is stored (PROTOCOL.md 3.1.1): an event whose 2xx the kill cut off is
 * retried by the plugin byte for byte and stored again, as the plugin's own repeats are in both runs.
 * The uploads of round backups (`.json` files) are left out: one sent while Matchday was down fails, and
 * the plugin says so, which only the crashed run can.
 */
export const distinctEvents = (events: Outcome['events']) =>
  Object.fromEntries(
    Object.entries(events).map(([slug, stored]) => [
      slug,
      [
        ...new Map(
          stored
            .filter((e) => !(e.key.startsWith('demo_upload_') && e.payload.includes('.json"')))
            .map((e) => [`${e.key} ${e.payload}`, e.key]),
        ).values(),
      ].sort(),
    ]),
  );

/** Checks a crashed run against an uncrashed one: same results, events, ratings; no round twice. */
export function expectSameOutcome(crashed: Outcome, uncrashed: Outcome): void {
  expect(Object.keys(crashed.matches)).toHaveLength(3);
  expect(crashed.matches).toEqual(uncrashed.matches);
  // Each event the plugins sent is stored, retried or not, and a round ends once: a second delivery
  // of a round_end is the same bytes again.
  expect(distinctEvents(crashed.events)).toEqual(distinctEvents(uncrashed.events));
  for (const stored of Object.values(crashed.events)) {
    const roundEnds = stored.filter((e) => e.key.startsWith('round_end '));
    expect(roundEnds.length).toBeGreaterThan(0);
    const results = new Map(roundEnds.map((e) => [e.key, new Set<string>()]));
    roundEnds.forEach((e) => results.get(e.key)!.add(e.payload));
    expect([...results.values()].every((payloads) => payloads.size === 1)).toBe(true);
  }
  // A series end applied twice would rate its players twice.
  expect(crashed.ratings).toEqual(uncrashed.ratings);
  expect(crashed.ratingRows).toEqual(uncrashed.ratingRows);
  expect(Object.values(crashed.ratingRows).some((rows) => rows === 2)).toBe(true);
  expect(crashed.serversWithTwoOpenLoads).toEqual([]);
  expectWebhooksInOrder(crashed);
  expectWebhooksInOrder(uncrashed);
}

/**
 * Decision 71: every match's webhooks at least once and in order (a retry may repeat one), each match
 * announced finished, and none reset (no live match was requeued).
 */
function expectWebhooksInOrder(outcome: Outcome): void {
  for (const [slug, got] of Object.entries(outcome.webhooks)) {
    const firsts = [...new Map(got.map((w) => [w.sequence, w])).values()];
    expect(
      firsts.map((w) => w.sequence),
      slug,
    ).toEqual(firsts.map((_, i) => i + 1));
    expect(
      got.map((w) => w.type),
      slug,
    ).toContain('match.finished');
    expect(
      got.map((w) => w.type),
      slug,
    ).not.toContain('match.reset');
  }
}

/** Waits until `count` matches are live, a few rounds in. */
async function liveMatches(api: Api, count: number, what: string): Promise<void> {
  await waitFor(
    async () => {
      const { matches } = (await api.request('GET', '/api/matches')).body;
      const live = matches.filter(
        (m: { status: string; team1MapScore: number; team2MapScore: number }) =>
          m.status === 'live' && m.team1MapScore + m.team2MapScore >= 3,
      );
      return live.length === count;
    },
    { ...PLAY_WAIT, message: what },
  );
}

/**
 * A 4-team single elimination bo1 on 2 fake servers with a website taking its webhooks, crashed while
 * both first-round matches are live (a cluster: again in the final).
 */
export async function playCup(run: CupRun, deployment: Deployment): Promise<Outcome> {
  const matchday = await deploy(run, deployment);
  const api = { request: requester(matchday.url) };
  const website = await new WebhookReceiver().start();
  await api.request('PUT', '/api/settings', { body: { allowPrivateWebhooks: true } });
  website.secret = (await api.request('POST', '/api/webhooks', { body: { url: website.url } })).body.secret;
  const teamIds = await postTeams(api, 4);
  await addFakeServers(api, 2, run.fakes, { msPerGameSecond: 1, script: scriptFor });
  const created = await api.request('POST', '/api/tournament', {
    body: {
      name: 'Crash Cup',
      type: 'single_elimination',
      format: 'bo1',
      teamIds,
      settings: { veto: false, teamSize: TEAM_SIZE },
    },
  });
  expect(created.status).toBe(201);
  expect((await api.request('POST', '/api/tournament/start', { body: { force: true } })).status).toBe(200);

  if (deployment.crash !== 'none') {
    await liveMatches(api, 2, 'both first-round matches live, a few rounds in');
    await matchday.crash();
  }
  if (deployment.crash === 'killLeaders') {
    await liveMatches(api, 1, 'the final live, a few rounds in');
    await matchday.crash();
  }
  await waitForChampion(api, 90_000);
  // Demo uploads and disconnects follow the series end: every plugin has sent all it will first.
  await Promise.all(
    run.fakes.map(async (fake) => {
      await fake.matchFinished();
      await fake.settled();
    }),
  );
  await waitFor(async () => run.fakes.every((fake) => fake.queuedEventCount === 0), {
    ...PLAY_WAIT,
    message: 'the retry queues to empty',
  });
  // Webhooks go out after the commit that caused them: the last ones may still be on their way.
  const finished = () =>
    new Set(
      website.accepted.filter((r) => r.body.type === 'match.finished').map((r) => r.body.data.match.slug),
    );
  await waitFor(() => finished().size === 3, {
    ...PLAY_WAIT,
    message: "each match's match.finished webhook",
  });
  const outcome = {
    ...(await outcomeOf(api, website)),
    serversWithTwoOpenLoads: matchday.serversWithTwoOpenLoads(),
  };
  await matchday.stop();
  await website.close();
  await Promise.all(run.fakes.splice(0).map((fake) => fake.stop()));
  return outcome;
}
