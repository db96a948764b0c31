import type { Catalogue } from '../en/index.js';

/** Zeichenketten von renderer/src/features/preflight (API.md Entscheidung 57). */
export const preflight: Catalogue['preflight'] = {
  title: 'Prüfungen vor dem Start',
  intro:
    'Geprüft werden alle aktiven Server und das Turnier: Führe die Prüfungen vor dem Einlass und nach jeder Änderung aus. Der Start prüft erneut und hält bei einem Fehler an.',
  run: 'Prüfungen starten',
  running: 'Prüfe…',
  never: 'Die Prüfungen liefen noch nicht.',
  passed: 'Alle Prüfungen bestanden.',
  failedToast: 'Einige Prüfungen sind fehlgeschlagen: Sieh nach, was zu tun ist.',
  summaryOk_one: '{{count}} Prüfung bestanden.',
  summaryOk_other: 'Alle {{count}} Prüfungen bestanden.',
  summaryFailed_one: '{{count}} Prüfung fehlgeschlagen:',
  summaryFailed_other: '{{count}} Prüfungen fehlgeschlagen:',
  okLine: 'Startklar: kein Fehler.',
  failedLine: 'Nicht startklar: Behebe die Fehler unten oder starte trotzdem.',
  ranAt: 'Geprüft {{time}}.',
  allChecks: 'Alle Prüfungen',
  serverChecks: 'Prüfungen vor dem Start',
  state: { ok: 'OK', warn: 'Warnung', bad: 'Fehler' },
  scope: { server: 'Server', team: 'Teams', tournament: 'Turnier' },
  checks: {
    rcon: 'RCON-Anmeldung',
    plugin: 'Plugin und Version',
    gotv: 'GOTV',
    test_event: 'Test-Ereignis hin und zurück',
    backup_upload: 'Upload der Runden-Backups',
    maps: 'Karten der Pools',
    game_build: 'Spiel-Build',
    roster: 'Kader',
    shared_players: 'Kein Spieler in zwei Teams',
    map_count: 'Karten für Matches ohne Veto',
    server_count: 'Server für die erste Runde',
    casters: 'Caster',
  },
  start: {
    title: 'Die Prüfungen vor dem Start sind fehlgeschlagen',
    anyway: 'Trotzdem starten',
  },
};
