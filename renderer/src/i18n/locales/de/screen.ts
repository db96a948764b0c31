import type { Catalogue } from '../en/index.js';

export const screen: Catalogue['screen'] = {
  panels: 'Ansichten',
  panel: {
    bracket: 'Turnierbaum',
    live: 'Jetzt live',
    standings: 'Tabelle',
    next: 'Nächste Matches',
    stage: 'Auf der Bühne',
  },
  champion: 'Turniersieger: {{team}}',
  join: 'Mitmachen',
  notOnLan: 'Beitreten geht noch nicht: Matchday hört nur auf diesem Rechner.',
  qrOf: 'QR-Code für {{url}}',
  playingNow: 'Kein Match wartet. Gerade laufen:',
  onServer: 'auf {{server}}',
  heldForGo: 'Im Warmup, wartet auf Go',
  inQueue: '#{{position}} in der Warteschlange',
  empty: {
    live: 'Gerade läuft kein Match.',
    tournament: 'Warte auf das Turnier…',
    standings: 'Dieses Format hat keine Tabelle.',
    next: 'Kein Match wartet.',
    stage: 'Kein Match ist auf der Bühne.',
  },
};
