import type { Catalogue } from '../en/index.js';

/** Zeichenketten von renderer/src/features/test-matches (API.md Entscheidung 58). */
export const testMatches: Catalogue['testMatches'] = {
  title: 'Jeden Server testen',
  intro:
    'Ein kurzes simuliertes Match auf jedem freien aktiven Server zeigt, dass er lädt, live geht, endet und seine Demo liefert. Es gehört zu keinem Turnier und hinterlässt nichts.',
  run: 'Jeden Server testen',
  running: 'Teste…',
  never: 'Noch kein Test gelaufen.',
  started: 'Testmatches geladen.',
  summaryRunning: 'Läuft seit {{time}}.',
  summaryDone: 'Beendet {{time}}: {{passed}} von {{count}} Servern bestanden.',
  state: { running: 'Läuft', passed: 'Bestanden', failed: 'Fehlgeschlagen' },
  steps: {
    load: 'Geladen',
    fetched: 'Konfiguration abgerufen',
    live: 'Live',
    completed: 'Beendet',
    demo: 'Demo erhalten',
  },
  failedAt: '{{step}} fehlgeschlagen: {{reason}}',
};
