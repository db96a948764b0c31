import { BracketsManager } from 'brackets-manager';
import type { Match as BmMatch, ParticipantResult } from 'brackets-model';
import { SqliteBracketsStorage, type Entity } from '../../db/brackets-storage.js';
import type { Db } from '../../db/open.js';
import type { StageKind } from '../../../shared/domain/bracket-layout.js';
import { labelStage } from '../../../shared/domain/bracket-labels.js';
import { bracketSeeding } from '../../../shared/domain/seeding.js';
import { playsThirdPlaceMatch } from '../../../shared/domain/tournament-rules.js';
import { statusBeforePlay } from '../../../shared/domain/match-display.js';
import type { MatchAction } from '../../../shared/domain/match-lifecycle.js';
import type { Repos } from '../../db/repos.js';
import {
  newMatchRecord,
  VETO_NOT_STARTED,
  type MatchPatch,
  type MatchRecord,
  type MatchWriter,
} from '../matches/index.js';
import type { FormatEngine } from './engine.js';
import type { TournamentRecord } from './repo.js';
import { standingsOf } from './standings.js';

const slugOf = (label: string) =>
  label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * Single, double elimination and round robin through brackets-manager over SQLite: the library owns
 * progression; this engine mirrors its matches into Matchday's (labels, empty-slot names, queue order).
 */
export function createBracketEngine(
  db: Db,
  repos: Pick<Repos, 'matches'>,
  matchWriter: Pick<MatchWriter, 'transition' | 'create'>,
  kind: StageKind,
  now: () => number,
): FormatEngine {
  const storage = new SqliteBracketsStorage(db);
  const manager = new BracketsManager(storage);
  const { matches } = repos;
  /** Runs a stage creation or deletion; the structure cache is forgotten whatever happens. */
  async function withStructureChange<T>(change: () => Promise<T>): Promise<T> {
    try {
      return await change();
    } finally {
      storage.forgetStructure();
    }
  }

  /** participant id -> team id per stage: participants never change once the stage exists. */
  const teamsOfStage = new Map<number, Map<number, string>>();

  async function teamsOf(t: TournamentRecord, stageId: number): Promise<Map<number, string>> {
    let teams = teamsOfStage.get(stageId);
    if (!teams) {
      const participants = (await storage.select('participant', { tournament_id: t.id })) ?? [];
      teams = new Map(participants.map((p) => [Number(p.id), p.name]));
      teamsOfStage.set(stageId, teams);
    }
    return teams;
  }

  /** Labels and slot names of every match (shared/domain/bracket-labels), with its round and number. */
  async function layoutOf(stageId: number) {
    const data = await manager.get.stageData(stageId);
    const roundNumber = new Map(data.round.map((r) => [r.id, r.number]));
    const place = new Map(
      data.match.map((m) => [Number(m.id), { round: roundNumber.get(m.round_id)!, number: m.number }]),
    );
    return new Map(labelStage(data).map((l) => [l.matchId, { ...l, ...place.get(l.matchId)! }]));
  }

  /**
   * How a match not under way yet moves on what is known of its teams (none, queued, or a bye decided
   * at once), as the lifecycle table's trigger and what goes with it.
   */
  function settle(
    t: TournamentRecord,
    m: MatchRecord,
    emptyBoth: boolean,
  ): { triggers: MatchAction[]; patch: MatchPatch } {
    if (m.isBye) {
      // Decided once its one team is known; a bye against a bye has nobody to wait for.
      const winnerId = m.team1Id ?? m.team2Id;
      if (m.status !== 'pending' || (winnerId === null && !emptyBoth)) {
        return { triggers: [], patch: {} };
      }
      return { triggers: ['bye'], patch: { winnerId, completedAt: now() } };
    }
    const bothTeams = m.team1Id !== null && m.team2Id !== null;
    return m.status === 'pending' && statusBeforePlay(bothTeams, t.settings.veto) === 'ready'
      ? { triggers: ['teams_known'], patch: {} }
      : { triggers: [], patch: {} };
  }

  /** Copies brackets-manager's view of these matches (teams, byes) into Matchday's records. */
  async function mirror(t: TournamentRecord, stageId: number, written: readonly Entity[]): Promise<void> {
    const teams = await teamsOf(t, stageId);
    let stage: Awaited<ReturnType<typeof layoutOf>> | undefined;
    for (const entity of written) {
      const bm = entity as unknown as BmMatch;
      const team = (s: ParticipantResult | null) =>
        s?.id == null ? null : (teams.get(Number(s.id)) ?? null);
      const facts = {
        team1Id: team(bm.opponent1),
        team2Id: team(bm.opponent2),
        isBye: bm.opponent1 === null || bm.opponent2 === null,
      };
      const emptyBoth = bm.opponent1 === null && bm.opponent2 === null;
      const existing = matches.getByBmMatch(t.id, Number(bm.id));
      if (existing) {
        const { triggers, patch } = settle(t, { ...existing, ...facts }, emptyBoth);
        // brackets-manager rewrites many matches per result (archiving them); most change nothing here.
        if (facts.team1Id !== existing.team1Id || facts.team2Id !== existing.team2Id || triggers.length > 0) {
          matchWriter.transition(existing, triggers, { ...facts, ...patch });
        }
        continue;
      }
      stage ??= await layoutOf(stageId);
      const place = stage.get(Number(bm.id))!;
      // The reset grand final exists only once the lower-bracket team (team 2) has won the first one.
      if (place.bracket === 'GF2') {
        const first = matches.listOfTournament(t.id).find((m) => m.bracket === 'GF');
        if (!first?.winnerId || first.winnerId === first.team1Id) {
          continue;
        }
      }
      const record = newMatchRecord({
        slug: slugOf(place.label),
        matchid: matches.newMatchid(),
        tournamentId: t.id,
        bracket: place.bracket,
        round: place.round,
        matchNumber: place.number,
        label: place.label,
        bmMatchId: Number(bm.id),
        team1Placeholder: place.team1Placeholder,
        team2Placeholder: place.team2Placeholder,
        format: t.format,
        maxRounds: t.settings.maxRounds,
        overtimeMode: t.settings.overtimeMode,
        mapPool: t.settings.mapPool,
        veto: t.settings.veto ? VETO_NOT_STARTED : null,
        // Stored fixed; answers show it only once both teams are known.
        queuePosition: place.queueRank,
        playOrder: place.playOrder,
        createdAt: now(),
        ...facts,
      });
      const { triggers, patch } = settle(t, record, emptyBoth);
      matchWriter.create(record, triggers, patch);
    }
  }

  /**
   * The match whose winner is champion: the last one in play order among the finals (grand finals;
   * without one, the upper bracket; two teams in double elimination play one match only).
   */
  function decidingMatch(list: readonly MatchRecord[]): MatchRecord | undefined {
    const finalsFirst = ['GF2', 'GF', 'UB', 'SE'];
    const last = (ms: MatchRecord[]) => ms.sort((a, b) => (b.playOrder ?? 0) - (a.playOrder ?? 0))[0];
    for (const bracket of finalsFirst) {
      const found = list.filter((m) => m.bracket === bracket && m.label !== 'Third Place');
      if (found.length > 0) {
        return last(found);
      }
    }
    return undefined;
  }

  return {
    async generate(t, seeded) {
      const stage = await withStructureChange(() =>
        manager.create.stage({
          tournamentId: t.id,
          name: t.name,
          type: kind,
          seeding: bracketSeeding(seeded, kind),
          settings:
            kind === 'double_elimination'
              ? { grandFinal: t.settings.grandFinalMode }
              : kind === 'single_elimination'
                ? { consolationFinal: playsThirdPlaceMatch(seeded.length, t.settings.thirdPlaceMatch) }
                : { groupCount: 1 },
        }),
      );
      const stageId = Number(stage.id);
      await mirror(t, stageId, storage.takeWrittenMatches());
      return { stageId };
    },

    async advance(t, decided) {
      if (decided.bmMatchId === null || decided.isBye || t.stageId === null) {
        return;
      }
      const result = (side: 'team1Id' | 'team2Id') =>
        decided.winnerId === null ? 'draw' : decided[side] === decided.winnerId ? 'win' : 'loss';
      storage.takeWrittenMatches();
      await manager.update.match({
        id: decided.bmMatchId,
        opponent1: { score: decided.team1SeriesScore, result: result('team1Id') },
        opponent2: { score: decided.team2SeriesScore, result: result('team2Id') },
      });
      const fed = storage.takeWrittenMatches().filter((m) => Number(m.id) !== decided.bmMatchId);
      await mirror(t, t.stageId, fed);
    },

    async champion(t) {
      if (matches.hasOpen(t.id)) {
        return undefined;
      }
      const list = matches.listOfTournament(t.id);
      if (kind === 'round_robin') {
        return this.standings(t)[0]?.teamId;
      }
      return decidingMatch(list)?.winnerId ?? undefined;
    },

    standings: (t) => standingsOf(t, matches.listOfTournament(t.id), matches.mapsOfTournament(t.id)),

    async clear(t) {
      if (t.stageId !== null) {
        await withStructureChange(() => manager.delete.stage(t.stageId!));
        teamsOfStage.delete(t.stageId);
      }
      storage.takeWrittenMatches();
    },
  };
}
