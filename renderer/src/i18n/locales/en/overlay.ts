/** Strings of renderer/src/features/overlay (the stream's scoreboard, also on the projector). */
export const overlay = {
  scoreboard: 'Scoreboard',
  warmup: 'Warmup',
  final: 'Final',
  team: { team1: 'Team 1', team2: 'Team 2' },
  mapsWon: '{{team}} maps won',
  roundScore: 'Round score',
  mapOf: 'Map {{number}} of {{count}}',
  series: 'Series {{score1}} : {{score2}}',
  waitingNextMatch: 'Waiting for the next match',
};
