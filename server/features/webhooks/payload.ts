import type { Repos } from '../../db/repos.js';
import type { PayloadMatch, PayloadServer, PayloadTeam } from '../../../shared/domain/webhook-events.js';
import type { MatchRecord } from '../matches/index.js';

/** What a webhook body says of a match, its teams and its server, read from the stored records. */
export function createPayloads(repos: Pick<Repos, 'matches' | 'teams' | 'externalIds' | 'servers'>) {
  const { matches, teams, externalIds, servers } = repos;

  async function payloadTeam(id: string | null): Promise<PayloadTeam | null> {
    if (id === null) {
      return null;
    }
    const team = await teams.get(id);
    return {
      id,
      name: team?.name ?? id,
      tag: team?.tag ?? '',
      externalIds: await externalIds.ofTeam(id),
      players: team?.players ?? [],
    };
  }

  async function payloadMatch(m: MatchRecord): Promise<PayloadMatch> {
    return {
      slug: m.slug,
      matchid: m.matchid,
      tournamentId: m.tournamentId,
      status: m.status,
      format: m.format,
      label: m.label,
      team1: await payloadTeam(m.team1Id),
      team2: await payloadTeam(m.team2Id),
      maps: (await matches.maps(m.slug)).map(({ number, name, team1Score, team2Score, winner }) => ({
        number,
        name,
        team1Score,
        team2Score,
        winner,
      })),
      team1SeriesScore: m.team1SeriesScore,
      team2SeriesScore: m.team2SeriesScore,
      mapAdvantage: m.mapAdvantage,
      winnerId: m.winnerId,
      forfeit: m.forfeit !== null,
    };
  }

  async function payloadServer(m: MatchRecord): Promise<PayloadServer | null> {
    const server = m.serverId === null ? undefined : await servers.get(m.serverId);
    return server ? { host: server.host, port: server.port, password: server.serverPassword } : null;
  }

  return { payloadTeam, payloadMatch, payloadServer };
}
