import type { Repos } from '../../db/repos.js';
import type { StagesInput } from '../../../shared/contracts/tournament.js';
import {
  defaultGroupSwissRounds,
  groupName,
  groupStandings,
  playoffSeats,
  rankStagedEntrants,
  seatTeams,
  snakeGroups,
} from '../../../shared/domain/group-stage.js';
import { resolveFormat } from '../../../shared/domain/stage-formats.js';
import { bracketSeeding } from '../../../shared/domain/seeding.js';
import { swissStandings } from '../../../shared/domain/swiss.js';
import { swissRoundsFor, thresholdsOf } from '../../../shared/domain/swiss-pools.js';
import type { MatchRecord } from '../matches/index.js';
import {
  decidingMatch,
  eliminationSettings,
  placeFormat,
  unusedRoundKeys,
  type EliminationSetup,
} from './bracket-engine.js';
import type { BracketStages, StageView } from './bracket-stages.js';
import type { FormatEngine, GroupStage, GroupTableRows, StandingRow } from './engine.js';
import type { TournamentRecord } from './repo.js';
import { resultsOf } from './standings.js';
import type { SwissPool, SwissRounds } from './swiss-engine.js';

const closed = (m: MatchRecord) => m.status === 'completed' || m.status === 'cancelled';

const stagesOf = (t: TournamentRecord): StagesInput => {
  if (!t.stages) {
    throw new Error(`Tournament ${t.id} has no stages.`);
  }
  return t.stages;
};

/** The playoffs' elimination setup: their type, grand final, third place and formats. */
export function playoffSetup(t: TournamentRecord): EliminationSetup {
  const playoffs = stagesOf(t)[1];
  return {
    kind: playoffs.type,
    grandFinalMode: playoffs.grandFinalMode ?? 'simple',
    thirdPlaceMatch: playoffs.thirdPlaceMatch ?? false,
    stage: { format: playoffs.format, mapPool: playoffs.mapPool },
    rounds: playoffs.rounds,
    roundsPath: 'stages.1.rounds',
  };
}

/**
 * A group stage (round robin groups through brackets-manager, Swiss groups ours) followed by
 * single or double elimination playoffs (brackets-manager) whose slots are seats ("Group A #1"),
 * filled from the final group standings (API.md decisions 24-30).
 */
export function createGroupsPlayoffsEngine(
  repos: Pick<Repos, 'matches'>,
  stages: BracketStages,
  swiss: SwissRounds,
): FormatEngine {
  const { matches } = repos;
  const groupsOf = (t: TournamentRecord) => snakeGroups(t.seeds, stagesOf(t)[0].groupCount);
  const seedOf = (t: TournamentRecord) => new Map(t.seeds.map((id, i) => [id, i + 1]));

  function groupFormat(t: TournamentRecord) {
    const groups = stagesOf(t)[0];
    return resolveFormat(
      { format: t.format, mapPool: t.settings.mapPool },
      { format: groups.format, mapPool: groups.mapPool },
      undefined,
      [],
    );
  }

  /** Swiss pools of the groups; queue positions run round by round over all groups. */
  function swissPools(t: TournamentRecord): SwissPool[] {
    const config = stagesOf(t)[0];
    const groups = groupsOf(t);
    const seeds = seedOf(t);
    const perRound = groups.map((g) => swiss.matchesPerRound(g.length));
    const total = perRound.reduce((a, b) => a + b, 0);
    const { format, mapPool } = groupFormat(t);
    return groups.map((teams, g) => {
      const before = perRound.slice(0, g).reduce((a, b) => a + b, 0);
      const name = groupName(g);
      return {
        stage: 'groups',
        group: name,
        teams: teams.map((id) => ({ id, seed: seeds.get(id)! })),
        rounds: swissRoundsFor(config, defaultGroupSwissRounds(t.seeds.length, config.groupCount)),
        thresholds: thresholdsOf(config),
        deciderFormat: config.deciderFormat ?? format,
        format,
        mapPool,
        slot: (round, number) => ({
          slug: `group-${name.toLowerCase()}-r${round}-m${number}`,
          label: `Group ${name} R${round} M${number}`,
          queuePosition: (round - 1) * total + before + number,
        }),
      };
    });
  }

  function roundRobinView(t: TournamentRecord): StageView {
    const { format, mapPool } = groupFormat(t);
    return {
      stage: 'groups',
      teamOf: (participant) => participant,
      place: (place) => {
        const name = groupName(place.group - 1);
        return {
          label: `Group ${name} R${place.round} M${place.number}`,
          group: name,
          format,
          mapPool,
          queueRank: place.queueRank,
          playOrder: place.playOrder,
        };
      },
    };
  }

  /** Playoff matches come after every group match in the queue and in play order. */
  async function playoffView(t: TournamentRecord): Promise<StageView> {
    const groupsEnd = await matches.stageEnd(t.id, 'groups');
    const setup = playoffSetup(t);
    return {
      stage: 'playoffs',
      teamOf: (seat) => t.playoffSeats?.[seat] ?? null,
      place: (place, shape) => ({
        label: place.label,
        group: null,
        ...placeFormat(t, setup, place, shape),
        queueRank: place.queueRank === null ? null : place.queueRank + groupsEnd.queuePosition,
        playOrder: place.playOrder + groupsEnd.playOrder,
      }),
    };
  }

  const groupStage: GroupStage = {
    async tables(t) {
      const config = stagesOf(t)[0];
      const list = (await matches.listOfTournament(t.id)).filter((m) => m.stage === 'groups');
      const maps = await matches.mapsOfTournament(t.id);
      const seeds = seedOf(t);
      return groupsOf(t).map((teamIds, g) => {
        const name = groupName(g);
        const own = list.filter((m) => m.group === name);
        const completed = own.every(closed);
        const standings = groupStandings(
          config.type,
          teamIds.map((id) => ({ id, seed: seeds.get(id)! })),
          resultsOf(own, maps),
        );
        return {
          name,
          teamIds,
          completed,
          standings: standings.map((s) => ({
            ...s,
            qualified: completed && s.rank <= config.advancePerGroup,
          })),
        };
      });
    },

    openGroupMatches: async (t) =>
      (await matches.listOfTournament(t.id)).filter((m) => m.stage === 'groups' && !closed(m)).length,

    seats: async (t) =>
      seatTeams(
        (await groupStage.tables(t)).map((table) => table.standings.map((s) => s.teamId)),
        stagesOf(t)[0].advancePerGroup,
      ),

    async fillPlayoffs(t) {
      if (t.stageId !== null) {
        await stages.remirror(t, t.stageId, await playoffView(t));
      }
    },
  };

  /** Wins, losses and round difference over both stages, and each team's place in the ranking. */
  async function leaderboard(t: TournamentRecord, tables: readonly GroupTableRows[]): Promise<StandingRow[]> {
    const list = (await matches.listOfTournament(t.id)).filter((m) => m.stage === 'playoffs');
    const played = list.filter((m) => !m.isBye && m.status === 'completed');
    const qualified = new Set(Object.values(t.playoffSeats ?? {}));
    const maps = await matches.mapsOfTournament(t.id);
    const playoffRows = new Map(
      swissStandings(
        [...qualified].map((id) => ({ id, seed: 0 })),
        resultsOf(played, maps),
      ).map((r) => [r.teamId, r]),
    );
    // A round's place in play order: its first match's.
    const roundOrder = new Map<string, number>();
    for (const m of list) {
      const key = `${m.bracket}:${m.round}`;
      roundOrder.set(key, Math.min(roundOrder.get(key) ?? Infinity, m.playOrder ?? 0));
    }
    const lastOf = (teamId: string) => {
      const own = played.filter((m) => m.team1Id === teamId || m.team2Id === teamId);
      const last = own.sort((a, b) => (b.playOrder ?? 0) - (a.playOrder ?? 0))[0];
      return last
        ? { roundOrder: roundOrder.get(`${last.bracket}:${last.round}`)!, won: last.winnerId === teamId }
        : null;
    };
    const rows = tables.flatMap((table) =>
      table.standings.map((s, place) => {
        const p = playoffRows.get(s.teamId);
        return {
          ...s,
          groupPlace: place + 1,
          wins: s.wins + (p?.wins ?? 0),
          losses: s.losses + (p?.losses ?? 0),
          draws: s.draws + (p?.draws ?? 0),
          roundDifference: s.roundDifference + (p?.roundDifference ?? 0),
        };
      }),
    );
    const ranks = rankStagedEntrants(
      rows.map((r) => ({
        teamId: r.teamId,
        groupPlace: r.groupPlace,
        wins: r.wins,
        qualified: qualified.has(r.teamId),
        champion: t.status === 'completed' && t.winnerTeamId === r.teamId,
        lastPlayoff: lastOf(r.teamId),
      })),
    );
    return rows
      .map(({ groupPlace: _place, qualified: _q, ...r }) => ({ ...r, rank: ranks.get(r.teamId)! }))
      .sort((a, b) => a.rank - b.rank || b.wins - a.wins || a.seed - b.seed);
  }

  return {
    groups: groupStage,

    async generate(t) {
      const [groups] = stagesOf(t);
      if (groups.type === 'swiss') {
        for (const pool of swissPools(t)) {
          await swiss.generate(t, pool);
        }
      } else {
        const position = seedOf(t);
        await stages.create(
          t,
          {
            name: `${t.name} (groups)`,
            type: 'round_robin',
            seeding: [...t.seeds],
            settings: {
              groupCount: groups.groupCount,
              manualOrdering: groupsOf(t).map((g) => g.map((id) => position.get(id)!)),
            },
          },
          roundRobinView(t),
        );
      }
      const setup = playoffSetup(t);
      const seats = playoffSeats(groups.groupCount, groups.advancePerGroup);
      const { stageId, shape } = await stages.create(
        t,
        {
          name: `${t.name} (playoffs)`,
          type: setup.kind,
          seeding: bracketSeeding(seats, setup.kind),
          settings: eliminationSettings(setup, seats.length),
        },
        await playoffView(t),
      );
      return { stageId, warnings: unusedRoundKeys(setup, shape) };
    },

    async advance(t, decided) {
      if (decided.stage === 'groups') {
        if (stagesOf(t)[0].type === 'swiss') {
          const pool = swissPools(t).find((p) => p.group === decided.group);
          if (pool) {
            await swiss.advance(t, pool, decided);
          }
        }
        return;
      }
      if (decided.bmMatchId !== null && !decided.isBye && t.stageId !== null) {
        await stages.update(t, t.stageId, await playoffView(t), decided);
      }
    },

    async champion(t) {
      if (t.playoffSeats === null || (await matches.hasOpen(t.id))) {
        return undefined;
      }
      const playoffs = (await matches.listOfTournament(t.id)).filter((m) => m.stage === 'playoffs');
      return decidingMatch(playoffs)?.winnerId ?? undefined;
    },

    standings: async (t) => leaderboard(t, await groupStage.tables(t)),

    async correct(t, change) {
      if (t.stageId !== null) {
        await stages.correct(t, t.stageId, await playoffView(t), change);
      }
    },

    clear: (t) => stages.clear(t),
  };
}
