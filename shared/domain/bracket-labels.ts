/**
 * What a bracket shows for each match of a brackets-manager stage: its label, the names of its empty
 * slots and its place in the play queue. Pure: the caller passes the stage as `manager.get.stageData`
 * returns it; the wiring between matches is brackets-manager's, read by `layoutBracket`.
 */
import type { Database, Match, ParticipantResult } from 'brackets-model';
import type { BracketKind } from '../contracts/matches.js';
import { layoutBracket, type LayoutSlot } from './bracket-layout.js';

export type StageData = Pick<Database, 'stage' | 'group' | 'round' | 'match'>;

export interface BracketMatchLabel {
  /** brackets-manager's match id. */
  matchId: number;
  bracket: BracketKind;
  /**
   * `UB R<n> M<n>`, `LB R<n> M<n>`, `Grand Final`, `Grand Final (reset)`; single elimination
   * `R<n> M<n>`, `Final`, `Third Place`; round robin `RR R<n> M<n>`.
   */
  label: string;
  /** "Winner of UB R1 M2" / "Loser of ..." while the slot's team is unknown; null once known or a bye. */
  team1Placeholder: string | null;
  team2Placeholder: string | null;
  /** Place of the match in play order among all matches of the stage, byes included (for listing). */
  playOrder: number;
  /**
   * Place in the play queue, counted over the matches that are really played (no byes, no unneeded
   * reset), so the n-th match to play is n; null for a bye. Fixed from the start.
   */
  queueRank: number | null;
  /** `queueRank` once both teams are known, else null: only such a match can be queued. */
  queuePosition: number | null;
}

const slotOf = (s: ParticipantResult | null): LayoutSlot | null =>
  s && { id: s.id === null ? null : Number(s.id), position: s.position };

const isBye = (m: Match) => m.opponent1 === null || m.opponent2 === null;
const hasBothTeams = (m: Match) => m.opponent1?.id != null && m.opponent2?.id != null;

/** Labels, empty-slot names and queue positions of every match of one stage, in the stage's match order. */
export function labelStage(data: StageData): BracketMatchLabel[] {
  const stage = data.stage[0];
  if (!stage) {
    throw new Error('The stage data holds no stage.');
  }
  const groupNumber = new Map(data.group.map((g) => [g.id, g.number]));
  const roundNumber = new Map(data.round.map((r) => [r.id, r.number]));
  const layouts = layoutBracket(
    stage.type,
    data.match.map((m) => ({
      id: Number(m.id),
      group: groupNumber.get(m.group_id)!,
      round: roundNumber.get(m.round_id)!,
      number: m.number,
      opponent1: slotOf(m.opponent1),
      opponent2: slotOf(m.opponent2),
    })),
  );
  const matchById = new Map(data.match.map((m) => [Number(m.id), m]));

  // brackets-manager fills the reset with both teams and marks it ready even when the upper-bracket team
  // won the first grand final; it is played only when the lower-bracket team (team 2) won.
  const firstGrandFinal = layouts.find((l) => l.bracket === 'GF');
  const resetPlayed =
    firstGrandFinal !== undefined && matchById.get(firstGrandFinal.id)!.opponent2?.result === 'win';
  const played = layouts
    .filter((l) => !isBye(matchById.get(l.id)!) && (l.bracket !== 'GF2' || resetPlayed))
    .sort((a, b) => a.playOrder - b.playOrder);
  const placeInQueue = new Map(played.map((l, i) => [l.id, i + 1]));

  return layouts.map((l) => {
    const m = matchById.get(l.id)!;
    const rank = placeInQueue.get(l.id) ?? null;
    return {
      matchId: l.id,
      bracket: l.bracket,
      label: l.label,
      team1Placeholder: m.opponent1?.id == null ? l.placeholder1 : null,
      team2Placeholder: m.opponent2?.id == null ? l.placeholder2 : null,
      playOrder: l.playOrder,
      queueRank: rank,
      queuePosition: rank !== null && hasBothTeams(m) ? rank : null,
    };
  });
}
