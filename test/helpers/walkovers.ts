import { afterAll, beforeAll, expect } from 'vitest';
import { WebhookReceiver } from '../fakes/index.js';
import type { TestServer } from './server.js';
import { teamsForEachTournament } from './team-event.js';

/**
 * One Matchday with 16 one-player teams and a website taking its webhooks, for the tests of forfeits
 * (API.md decision 60) and withdrawals (decision 61): each test starts its tournament anew.
 */

export interface TestMatch {
  slug: string;
  matchid: number;
  label: string;
  stage: string | null;
  group: string | null;
  round: number;
  status: string;
  team1: { id: string } | null;
  team2: { id: string } | null;
  winnerId: string | null;
  team1SeriesScore: number;
  team2SeriesScore: number;
  maps: unknown[];
  forfeit: { teamIds: string[]; reason: string; note?: string | null; by?: string | null } | null;
}

export const teamIds = Array.from({ length: 16 }, (_, i) => `w${i + 1}`);
export const playerOf = (i: number) => String(76561198400000000n + BigInt(i));

/** Registers the file's hooks; `use` gets the server and the website once they run. */
export function walkoverEvent(use: (server: TestServer, receiver: WebhookReceiver) => void) {
  let server: TestServer;
  let receiver: WebhookReceiver;
  teamsForEachTournament(
    teamIds.length,
    (i) => ({
      id: teamIds[i],
      name: `Walk ${i + 1}`,
      tag: `W${i + 1}`,
      players: [{ platformId: playerOf(i), name: `w${i}` }],
    }),
    (s) => {
      server = s;
    },
  );
  beforeAll(async () => {
    receiver = await new WebhookReceiver().start();
    use(server, receiver);
    await server.request('PUT', '/api/settings', { body: { allowPrivateWebhooks: true } });
    const hook = await server.request('POST', '/api/webhooks', { body: { url: receiver.url } });
    receiver.secret = hook.body.secret;
  });
  afterAll(async () => {
    await receiver.close();
  });

  const bracket = async () => (await server.request('GET', '/api/tournament/bracket', { token: null })).body;
  const matches = async (): Promise<TestMatch[]> => (await bracket()).matches;
  const open = (list: readonly TestMatch[]) =>
    list.filter((m) => m.team1 && m.team2 && m.status !== 'completed' && m.status !== 'cancelled');
  return {
    async start(body: Record<string, unknown>): Promise<void> {
      const created = await server.request('POST', '/api/tournament', {
        body: { name: 'Walkover Cup', settings: { veto: false }, ...body },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect((await server.request('POST', '/api/tournament/start', { body: { force: true } })).status).toBe(
        200,
      );
    },
    bracket,
    matches,
    matchOf: async (slug: string): Promise<TestMatch> =>
      (await server.request('GET', `/api/matches/${slug}`)).body.match,
    forfeit: (slug: string, teamId: string, reason = 'team did not show up') =>
      server.request('POST', `/api/matches/${slug}/forfeit`, { body: { teamId, reason } }),
    withdraw: (teamId: string, reason = 'drove home') =>
      server.request('POST', `/api/tournament/teams/${teamId}/withdraw`, { body: { reason } }),
    open,
    /** Decides every open match, team 1 winning, until none is left. */
    async playOut(): Promise<void> {
      for (let left = open(await matches()); left.length > 0; left = open(await matches())) {
        for (const m of left) {
          const res = await server.request('POST', `/api/matches/${m.slug}/winner`, {
            body: { winner: 'team1' },
          });
          expect(res.status, `${m.label}: ${JSON.stringify(res.body)}`).toBe(200);
        }
      }
    },
  };
}
