import type { AppContext } from '../../context.js';
import { notFound } from '../../errors.js';
import type { ExportTable, TournamentExport } from '../../../shared/contracts/exports.js';
import type { Match } from '../../../shared/contracts/matches.js';
import type { Team } from '../../../shared/contracts/teams.js';
import type { TournamentStats } from '../../../shared/contracts/stats.js';
import { withTournament, type TournamentService } from '../tournament/index.js';
import type { TeamsService } from '../teams/index.js';
import { writeCsv } from '../../../shared/domain/csv-write.js';
import { exportTable } from '../../../shared/domain/tournament-export-csv.js';
import { slugify } from '../../../shared/slug.js';

export interface ExportsDeps {
  tournament: Pick<TournamentService, 'current' | 'bracket' | 'leaderboard'>;
  teams: Pick<TeamsService, 'rosterList'>;
  stats: {
    statsOfTournament(t: { id: number; status: string }): Promise<Omit<TournamentStats, 'success'>>;
  };
}

/** A match as the export lists it: scores and maps, no server, no queue, no demo links. */
function exportMatch(m: Match) {
  return {
    slug: m.slug,
    label: m.label,
    stage: m.stage,
    group: m.group,
    round: m.round,
    matchNumber: m.matchNumber,
    bracket: m.bracket,
    status: m.status,
    format: m.format,
    team1: m.team1,
    team2: m.team2,
    winnerId: m.winnerId,
    bye: m.displayStatus === 'BYE',
    team1SeriesScore: m.team1SeriesScore,
    team2SeriesScore: m.team2SeriesScore,
    mapAdvantage: m.mapAdvantage,
    maps: m.maps.map(({ number, name, team1Score, team2Score, winner }) => ({
      number,
      name,
      team1Score,
      team2Score,
      winner,
    })),
    completedAt: m.completedAt,
  };
}

/** A team with the roster the LAN sign-in page shows publicly; never its join code or chat ids. */
const exportTeam = ({ id, name, tag, players }: Team) => ({
  id,
  name,
  tag,
  players: players.map(({ platformId, name: playerName }) => ({ platformId, name: playerName })),
});

/** API.md decision 79: the tournament as its public pages show it, as JSON or as one CSV table. */
export function createExportsService(ctx: Pick<AppContext, 'clock'>, deps: ExportsDeps) {
  /** The tournament `id` names (the export runs in its scope, decision 73); 404 for an unknown id. */
  async function tournamentOf(id: number) {
    const t = await deps.tournament.current();
    if (!t || t.id !== id) {
      throw notFound(`Tournament ${id}`);
    }
    return t;
  }

  // Every read of the export (bracket, standings, statistics) is of the tournament `id` names.
  const json = (id: number): Promise<TournamentExport> => withTournament(id, () => readExport(id));

  async function readExport(id: number): Promise<TournamentExport> {
    const record = await tournamentOf(id);
    const bracket = await deps.tournament.bracket();
    const matches = bracket.matches.map(exportMatch);
    // The registered teams in their order, then any other team of a match (a shuffle tournament's).
    const teamOrder = [
      ...new Set([
        ...record.teamIds,
        ...matches.flatMap((m) => [m.team1?.id, m.team2?.id]).filter((x) => x !== undefined),
      ]),
    ];
    const rosters = new Map((await deps.teams.rosterList()).map((team) => [team.id, team]));
    const { tournament: t } = bracket;
    const stats = await deps.stats.statsOfTournament(record);
    return {
      success: true,
      exportedAt: ctx.clock.now(),
      tournament: {
        id: t.id,
        name: t.name,
        type: t.type,
        format: t.format,
        status: t.status,
        winner: t.winner,
        startedAt: t.startedAt,
        completedAt: t.completedAt,
      },
      teams: teamOrder.flatMap((teamId) => {
        const team = rosters.get(teamId);
        return team ? [exportTeam(team)] : [];
      }),
      stages: bracket.stages.map((stage) => ({
        id: stage.id,
        type: stage.type,
        format: stage.format,
        status: stage.status,
        ...('groups' in stage ? { groups: stage.groups } : {}),
      })),
      matches,
      standings: await deps.tournament.leaderboard(record.id),
      players: stats.players,
      mvp: stats.mvp,
    };
  }

  return {
    json,
    /** A file name for the download: `winter-lan-results.csv`. */
    fileName: (data: TournamentExport, what: ExportTable | 'json') =>
      `${slugify(data.tournament.name)}-${what === 'json' ? 'export.json' : `${what}.csv`}`,
    async csv(id: number, what: ExportTable): Promise<{ text: string; data: TournamentExport }> {
      const data = await json(id);
      const { header, rows } = exportTable(data, what);
      return { text: writeCsv(header, rows), data };
    },
  };
}

export type ExportsService = ReturnType<typeof createExportsService>;
