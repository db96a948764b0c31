import type { Catalogue } from '../en/index.js';

export const overlay: Catalogue['overlay'] = {
  scoreboard: 'Scoreboard',
  warmup: 'Warmup',
  final: 'Endstand',
  team: { team1: 'Team 1', team2: 'Team 2' },
  mapsWon: 'Gewonnene Maps von {{team}}',
  roundScore: 'Rundenstand',
  mapOf: 'Map {{number}} von {{count}}',
  series: 'Serie {{score1}} : {{score2}}',
  waitingNextMatch: 'Wartet auf das nächste Match',
};
