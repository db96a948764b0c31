import type { Catalogue } from '../en/index.js';

export const devTools: Catalogue['devTools'] = {
  title: 'Entwicklerwerkzeuge',
  off: 'Die Entwicklerwerkzeuge sind in dieser Installation aus.',
  glance: {
    title: 'Simulationsstand',
    simulation: 'Simulation',
    on: 'an, Zeitfaktor {{timescale}}×',
    off: 'aus',
    matches: 'Matches',
    counts:
      '{{all}} insgesamt – live: {{live}}, geladen: {{loaded}}, warten auf Server: {{ready}}, anstehend: {{pending}}, Entscheidung nötig: {{decision}}, vorbei: {{over}}',
    servers: 'Server',
    free: '{{free}} von {{count}} frei',
    settings: 'Simulationseinstellungen ändern',
  },
  reset: {
    title: 'Simulationsstand zurücksetzen',
    about:
      'Löscht jedes Match samt Statistiken und stoppt, was die Server spielen. Server, Teams, Maps und das Turnier-Setup bleiben.',
    button: 'Simulationsstand zurücksetzen',
    confirm: 'Bestätigen: jedes Match samt Statistiken löschen',
    deleted_one: '{{count}} Match gelöscht.',
    deleted_other: '{{count}} Matches gelöscht.',
    deletedStopped_one: '{{count}} Match gelöscht; gestoppte Server: {{servers}}.',
    deletedStopped_other: '{{count}} Matches gelöscht; gestoppte Server: {{servers}}.',
  },
  watch: {
    title: 'Beobachten',
    monitor: 'Server-Event-Monitor',
    logs: 'App-Logs',
  },
};
