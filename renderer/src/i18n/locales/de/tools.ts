import type { Catalogue } from '../en/index.js';

export const tools: Catalogue['tools'] = {
  title: 'Admin-Werkzeuge',
  devTools: 'Entwicklerwerkzeuge: Simulationszustand und Zurücksetzen',
  bulk: {
    title: 'Mehrere Server auf einmal',
    noServers: 'Noch keine Server.',
    servers: 'Server',
    noMatch: 'kein Match',
    action: 'Aktion',
    input: { message: 'Nachricht', seconds: 'Sekunden', round: 'Runde' },
    run_one: '{{action}} auf {{count}} Server',
    run_other: '{{action}} auf {{count}} Servern',
    confirm_one: 'Bestätigen: {{action}} auf {{count}} Server',
    confirm_other: 'Bestätigen: {{action}} auf {{count}} Servern',
    results: 'Ergebnis je Server',
    done: 'erledigt',
    doneWithMatch: 'erledigt ({{match}})',
  },
  monitor: {
    title: 'Server-Events',
    empty: 'Events der Spielserver erscheinen hier, sobald sie ankommen.',
    outcome: {
      applied: 'angewendet',
      ignored: 'ignoriert: {{reason}}',
      unmatched: 'keinem Match zugeordnet: {{reason}}',
      failed: 'fehlgeschlagen: {{error}}',
      reason: {
        changesNothing: 'ändert nichts',
        noMatchLoaded: 'kein Match geladen',
        noServer: 'kein Server „{{server}}“ registriert',
        noMatchid: 'kein Match hat die matchid {{matchid}}',
        notAssigned: 'Match {{match}} gehört nicht zu {{server}}',
        eventChangesNothing: '{{event}} ändert kein Match',
        retriedPause: 'eine Wiederholung der Pause von {{pauseTime}}, schon angewendet',
      },
    },
  },
  logs: {
    title: 'App-Logs',
    level: 'Level',
    levelLabel: 'Log-Level',
  },
  recovery: {
    title: 'Match-Wiederherstellung',
    about:
      'Gleicht jedes geladene oder laufende Match mit seinem Server ab (Status, gespeicherte Events, ein frischer Bericht) und bringt es in Ordnung. Matchday macht das bei jedem Start.',
    run: 'Match-Wiederherstellung starten',
    running: 'Wird wiederhergestellt…',
    looked_one: 'Wiederherstellung hat {{count}} Match geprüft',
    looked_other: 'Wiederherstellung hat {{count}} Matches geprüft',
    results: 'Ergebnisse der Wiederherstellung',
    none: 'Kein Match war geladen oder live.',
    action: {
      end_series: 'Serie beendet',
      in_sync: 'stimmt mit seinem Server überein',
      mark_live: 'auf live gesetzt',
      requeue: 'zurück in der Warteschlange',
      needs_attention: 'braucht dich',
      unreachable: 'Server hat nicht geantwortet',
    },
  },
};
