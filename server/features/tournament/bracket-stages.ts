import { BracketsManager } from 'brackets-manager';
import type { InputStage, Match as BmMatch, ParticipantResult } from 'brackets-model';
import { SqlBracketsStorage, type Entity } from '../../db/brackets-storage.js';
import type { SqlPort } from '../../db/sql-port.js';
import type { MatchFormat } from '../../../shared/contracts/matches.js';
import { labelStage, type BracketMatchLabel } from '../../../shared/domain/bracket-labels.js';
import type { BracketShape } from '../../../shared/domain/stage-formats.js';
import { statusBeforePlay } from '../../../shared/domain/match-display.js';
import { vetoPlayed } from '../../../shared/domain/veto.js';
import { startingSeries } from '../../../shared/domain/map-advantage.js';
import type { MatchAction } from '../../../shared/domain/match-lifecycle.js';
import type { Repos } from '../../db/repos.js';
import {
  newMatchRecord,
  VETO_NOT_STARTED,
  type MatchPatch,
  type MatchRecord,
  type MatchStage,
  type MatchWriter,
} from '../matches/index.js';
import type { TournamentRecord } from './repo.js';

const slugOf = (label: string) =>
  label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** A match's place in its brackets-manager stage: labels and queue rank, round, number and group. */
export type StagePlace = BracketMatchLabel & { round: number; number: number; group: number };

/** What a new match of the stage shows, from its place. */
export interface PlacedMatch {
  label: string;
  group: string | null;
  format: MatchFormat;
  mapPool: string[];
  /** Place in the tournament's queue, null for a bye. */
  queueRank: number | null;
  /** Place in the tournament's play order, byes included (for listing). */
  playOrder: number;
}

/** What a corrected result changes in an elimination stage (FormatEngine.correct). */
export interface CorrectionChange {
  /** Results taken back: the corrected match when its winner changed, and started matches reset with it. */
  undo: readonly MatchRecord[];
  /** The corrected result, recorded again (null when only playoff seats changed). */
  redo: MatchRecord | null;
  /** Playoff seats were refilled: every match shows its teams again. */
  seatsChanged: boolean;
}

/** How one brackets-manager stage appears in Matchday's matches. */
export interface StageView {
  stage: MatchStage;
  /** A participant's team id (participants are named by team id), or null while its seat is empty. */
  teamOf(participant: string): string | null;
  place(place: StagePlace, shape: BracketShape): PlacedMatch;
}

/**
 * brackets-manager stages over the storage port: the library owns progression; these functions mirror its
 * matches into Matchday's (labels, empty-slot names, queue order, formats) for any stage view.
 */
export function createBracketStages(
  db: SqlPort,
  repos: Pick<Repos, 'matches'>,
  matchWriter: Pick<MatchWriter, 'transition' | 'create' | 'remove'>,
  now: () => number,
) {
  const storage = new SqlBracketsStorage(db);
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

  /** participant id -> name per stage: participants never change once the stage exists. */
  const participantsOfStage = new Map<number, Map<number, string>>();

  async function participantsOf(t: TournamentRecord, stageId: number): Promise<Map<number, string>> {
    let names = participantsOfStage.get(stageId);
    if (!names) {
      const participants = (await storage.select('participant', { tournament_id: t.id })) ?? [];
      names = new Map(participants.map((p) => [Number(p.id), p.name]));
      participantsOfStage.set(stageId, names);
    }
    return names;
  }

  /** Every match's place, and the bracket's shape for round keys. */
  async function layoutOf(stageId: number) {
    const data = await manager.get.stageData(stageId);
    const roundOf = new Map(data.round.map((r) => [r.id, r]));
    const groupNumber = new Map(data.group.map((g) => [g.id, g.number]));
    const place = new Map(
      data.match.map((m) => [
        Number(m.id),
        { round: roundOf.get(m.round_id)!.number, number: m.number, group: groupNumber.get(m.group_id)! },
      ]),
    );
    const lastRound = (group: number) =>
      data.round.reduce(
        (max, r) => (groupNumber.get(r.group_id) === group ? Math.max(max, r.number) : max),
        0,
      );
    const type = data.stage[0]!.type;
    const shape: BracketShape = {
      upperRounds: lastRound(1),
      lowerRounds: type === 'double_elimination' ? lastRound(2) : 0,
      thirdPlace: type === 'single_elimination' && data.group.length > 1,
      grandFinal: type === 'double_elimination' && data.group.length > 2,
    };
    const places = new Map(
      labelStage(data).map((l) => [l.matchId, { ...l, ...place.get(l.matchId)! } as StagePlace]),
    );
    return { places, shape };
  }

  /**
   * The first grand final's map advantage (decision 78): team 1 is the upper-bracket team there
   * (brackets-manager seats the upper final's winner as opponent 1), and starts one map up.
   */
  function advantageOf(
    t: TournamentRecord,
    bracket: string,
  ): Pick<MatchRecord, 'mapAdvantage'> & ReturnType<typeof startingSeries> {
    const advantage = bracket === 'GF' && t.settings.grandFinalMapAdvantage === true ? 'team1' : null;
    return { mapAdvantage: advantage, ...startingSeries(advantage) };
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
        // Playoff seats filled again (a corrected group result): a decided bye's winner is its team.
        return { triggers: [], patch: m.status === 'completed' && winnerId !== null ? { winnerId } : {} };
      }
      return { triggers: ['bye'], patch: { winnerId, completedAt: now() } };
    }
    const bothTeams = m.team1Id !== null && m.team2Id !== null;
    return m.status === 'pending' &&
      statusBeforePlay(bothTeams, vetoPlayed(t.settings.veto, m.format, m.mapPool)) === 'ready'
      ? { triggers: ['teams_known'], patch: {} }
      : { triggers: [], patch: {} };
  }

  /** Copies brackets-manager's view of these matches (teams, byes) into Matchday's records. */
  async function mirror(
    t: TournamentRecord,
    stageId: number,
    view: StageView,
    written: readonly Entity[],
  ): Promise<void> {
    const participants = await participantsOf(t, stageId);
    const nameOf = (s: ParticipantResult | null) =>
      s?.id == null ? null : (participants.get(Number(s.id)) ?? null);
    const teamOf = (s: ParticipantResult | null) => {
      const name = nameOf(s);
      return name === null ? null : view.teamOf(name);
    };
    /** The seat's name while the participant's team is not known yet ("Group A #1"). */
    const seatOf = (s: ParticipantResult | null) => (teamOf(s) === null ? nameOf(s) : null);
    let layout: Awaited<ReturnType<typeof layoutOf>> | undefined;
    for (const entity of written) {
      const bm = entity as unknown as BmMatch;
      const facts = {
        team1Id: teamOf(bm.opponent1),
        team2Id: teamOf(bm.opponent2),
        isBye: bm.opponent1 === null || bm.opponent2 === null,
      };
      const emptyBoth = bm.opponent1 === null && bm.opponent2 === null;
      const existing = await matches.getByBmMatch(t.id, Number(bm.id));
      if (existing) {
        const { triggers, patch } = settle(t, { ...existing, ...facts }, emptyBoth);
        // brackets-manager rewrites many matches per result (archiving them); most change nothing here.
        if (facts.team1Id !== existing.team1Id || facts.team2Id !== existing.team2Id || triggers.length > 0) {
          await matchWriter.transition(existing, triggers, { ...facts, ...patch });
        }
        continue;
      }
      layout ??= await layoutOf(stageId);
      const place = layout.places.get(Number(bm.id))!;
      // The reset grand final exists only once the lower-bracket team (team 2) has won the first one.
      if (place.bracket === 'GF2') {
        const first = (await matches.listOfTournament(t.id)).find((m) => m.bracket === 'GF');
        if (!first?.winnerId || first.winnerId === first.team1Id) {
          continue;
        }
      }
      const shown = view.place(place, layout.shape);
      const record = newMatchRecord({
        slug: slugOf(shown.label),
        matchid: await matches.newMatchid(),
        tournamentId: t.id,
        stage: view.stage,
        group: shown.group,
        bracket: place.bracket,
        round: place.round,
        matchNumber: place.number,
        label: shown.label,
        bmMatchId: Number(bm.id),
        team1Placeholder: place.team1Placeholder ?? seatOf(bm.opponent1),
        team2Placeholder: place.team2Placeholder ?? seatOf(bm.opponent2),
        format: shown.format,
        maxRounds: t.settings.maxRounds,
        overtimeMode: t.settings.overtimeMode,
        mapPool: shown.mapPool,
        veto: vetoPlayed(t.settings.veto, shown.format, shown.mapPool) ? VETO_NOT_STARTED : null,
        // Stored fixed; answers show it only once both teams are known.
        queuePosition: shown.queueRank,
        playOrder: shown.playOrder,
        createdAt: now(),
        ...advantageOf(t, place.bracket),
        ...facts,
      });
      const { triggers, patch } = settle(t, record, emptyBoth);
      await matchWriter.create(record, triggers, patch);
    }
  }

  /** A decided match's result in brackets-manager (which moves its teams on). */
  async function record(decided: MatchRecord): Promise<void> {
    const result = (side: 'team1Id' | 'team2Id') =>
      decided.winnerId === null ? 'draw' : decided[side] === decided.winnerId ? 'win' : 'loss';
    await manager.update.match({
      id: decided.bmMatchId!,
      opponent1: { score: decided.team1SeriesScore, result: result('team1Id') },
      opponent2: { score: decided.team2SeriesScore, result: result('team2Id') },
    });
  }

  /**
   * A result taken back: scores first (brackets-manager counts a scored match as running, which would
   * lock the matches before it), then the result, which takes its teams out of the matches it fed.
   */
  async function takeBack(bmMatchId: number): Promise<void> {
    const stored = (await storage.select('match', bmMatchId)) as unknown as BmMatch;
    const unscored = (side: ParticipantResult | null) => side && { ...side, score: undefined };
    await storage.update('match', bmMatchId, {
      ...stored,
      opponent1: unscored(stored.opponent1),
      opponent2: unscored(stored.opponent2),
    });
    await manager.reset.matchResults(bmMatchId);
  }

  /** Mirrors every match of the stage again: seats just filled (or refilled) show their teams. */
  async function remirror(t: TournamentRecord, stageId: number, view: StageView): Promise<void> {
    const all = (await storage.select('match', { stage_id: stageId })) ?? [];
    await mirror(t, stageId, view, all as unknown as Entity[]);
  }

  return {
    /** Creates a stage and its matches; answers its id and shape. */
    async create(t: TournamentRecord, input: Omit<InputStage, 'tournamentId'>, view: StageView) {
      const stage = await withStructureChange(() => manager.create.stage({ ...input, tournamentId: t.id }));
      const stageId = Number(stage.id);
      await mirror(t, stageId, view, storage.takeWrittenMatches());
      return { stageId, shape: (await layoutOf(stageId)).shape };
    },

    /** Records a decided match in its stage and fills the matches it feeds. */
    async update(t: TournamentRecord, stageId: number, view: StageView, decided: MatchRecord): Promise<void> {
      storage.takeWrittenMatches();
      await record(decided);
      const fed = storage.takeWrittenMatches().filter((m) => Number(m.id) !== decided.bmMatchId);
      await mirror(t, stageId, view, fed);
    },

    /**
     * A corrected result (API.md decision 38): the results of `undo` are taken back, latest first (what
     * a result fed loses its team), `redo` is recorded again, and every match of the stage shows its
     * teams as they are now (seats refilled included).
     */
    async correct(
      t: TournamentRecord,
      stageId: number,
      view: StageView,
      change: CorrectionChange,
    ): Promise<void> {
      const latestFirst = [...change.undo].sort((a, b) => (b.playOrder ?? 0) - (a.playOrder ?? 0));
      for (const m of latestFirst) {
        await takeBack(m.bmMatchId!);
      }
      if (change.redo) {
        await record(change.redo);
      }
      const written = storage.takeWrittenMatches();
      if (change.seatsChanged) {
        await remirror(t, stageId, view);
      } else {
        await mirror(t, stageId, view, written);
      }
      // The reset grand final goes when the first one's corrected winner is the upper-bracket team.
      const grandFinalChanged = [change.redo, ...change.undo].some((m) => m?.bracket === 'GF');
      if (!grandFinalChanged) {
        return;
      }
      const list = await matches.listOfTournament(t.id);
      const first = list.find((m) => m.bracket === 'GF');
      const reset = list.find((m) => m.bracket === 'GF2');
      if (reset && first && first.winnerId !== first.team2Id) {
        await matchWriter.remove(reset.slug);
      }
    },

    remirror,

    /** The bracket's shape, for round keys. */
    shape: async (stageId: number): Promise<BracketShape> => (await layoutOf(stageId)).shape,

    /** Removes every brackets-manager stage of the tournament. */
    async clear(t: TournamentRecord): Promise<void> {
      const stages = (await storage.select('stage', { tournament_id: t.id })) ?? [];
      for (const stage of stages) {
        await withStructureChange(() => manager.delete.stage(stage.id));
        participantsOfStage.delete(Number(stage.id));
      }
      storage.takeWrittenMatches();
    },
  };
}

export type BracketStages = ReturnType<typeof createBracketStages>;
