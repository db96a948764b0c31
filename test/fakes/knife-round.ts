import { payloads } from './event-payloads.js';
import type { FlowHost } from './flow-host.js';
import { pick } from './match-script.js';
import type { MapScript, Pace, Random, TeamSlot } from './match-script.js';
import type { MatchState } from './match-state.js';

/** What the knife step needs from the flow it runs in. */
export interface KnifeStep {
  state: MatchState;
  host: FlowHost;
  script: MapScript;
  pace: Pace;
  random: Random;
  signal: AbortSignal;
}

/**
 * Sides of a map: fixed by the config's `map_sides`, or a knife round whose winner stays or switches
 * (PROTOCOL.md 8.5, events 2.4.6 and 2.4.7).
 */
export async function knifeOrSides({ state, host, script, pace, random, signal }: KnifeStep): Promise<void> {
  const side = state.config.mapSides[state.mapNumber] ?? 'knife';
  if (side !== 'knife') {
    state.team1Side = side === 'team1_ct' || side === 'team2_t' ? 'CT' : 'TERRORIST';
    return;
  }
  state.team1Side = 'CT';
  await host.emit(payloads.mapPhase('warmup_ended', state.mapNumber, state.matchId));
  await host.emit(payloads.mapPhase('knife_round_started', state.mapNumber, state.matchId));
  state.phase = 'knife';
  host.setStatus('knife');
  await host.clock.sleep(pace.knifeRound, signal);
  const knife = script.knife ?? { winner: pick<TeamSlot>(random, ['team1', 'team2']), choice: 'stay' };
  await host.emit(payloads.knifeRoundEnded(knife.winner, state.mapNumber, state.matchId));
  state.phase = 'knife_decision';
  host.reportChanged();
  await host.clock.sleep(pace.sideDecision, signal);
  // No side_swap for the knife decision (Appendix B.4).
  if (knife.choice === 'switch') {
    state.swapSides();
  }
}
