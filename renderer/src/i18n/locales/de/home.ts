import type { Catalogue } from '../en/index.js';

export const home: Catalogue['home'] = {
  noTournament: 'Noch kein Turnier. Diese Seite aktualisiert sich von selbst, sobald eins angelegt ist.',
  status: { setup: 'In Vorbereitung', in_progress: 'Läuft', completed: 'Beendet' },
  type: {
    single_elimination: 'Single Elimination',
    double_elimination: 'Double Elimination',
    round_robin: 'Jeder gegen jeden',
    swiss: 'Schweizer System',
    shuffle: 'Shuffle',
    groups_playoffs: 'Gruppen und Playoffs',
  },
  champion: 'Turniersieger',
  running: { title: 'Laufende Turniere' },
  mode: { competitive: 'Competitive', wingman: 'Wingman', duel: 'Duell' },
  links: { bracket: 'Turnierbaum', standings: 'Tabelle', screen: 'Beamer-Ansicht' },
  live: {
    title: 'Live-Matches',
    none: 'Gerade läuft kein Match.',
    needsDecision_one: '{{count}} Match wartet auf eine Entscheidung der Admins.',
    needsDecision_other: '{{count}} Matches warten auf eine Entscheidung der Admins.',
  },
  footer: {
    organisers: 'Orga:',
    adminConsole: 'Admin-Konsole',
    scripts: 'Skripte und Bots:',
    apiReference: 'API-Referenz',
  },
  notFound: { title: 'Seite nicht gefunden', back: 'Zurück zur Startseite' },
};
