import type { Catalogue } from '../en/index.js';

export const dashboard: Catalogue['dashboard'] = {
  title: 'Übersicht',
  attention: {
    title: 'Braucht Aufmerksamkeit',
    nothing: 'Gerade braucht dich nichts.',
    dbDown: 'Plugin-DB ausgefallen auf {{server}}',
    dbDownDetail: 'Das Plugin erreicht seine Datenbank nicht.',
    updateRequired: 'Spiel-Update nötig auf {{server}}',
    updateRequiredDetail:
      'Das Spiel verlangt Version {{version}}; der Server nimmt kein Match an, bis er aktualisiert ist.',
    serverDown: '{{server}} ist ausgefallen',
    pluginError: 'Das Plugin meldet einen Fehlerzustand.',
    serverBlocked: '{{server}} ist blockiert',
    openMatch: 'Match öffnen',
    vetoPending_one: '{{count}} Match wartet auf das Veto seiner Teams',
    vetoPending_other: '{{count}} Matches warten auf das Veto ihrer Teams',
    vetoPendingDetail:
      'Die Teams wählen und bannen Maps am Handy; erinnere sie daran oder überspringe das Veto im Fenster des Matches.',
    matches: 'Matches',
    stuckLoad_one: '{{server}} hat die Konfiguration von {{match}} seit {{count}} Minute nicht abgerufen',
    stuckLoad_other: '{{server}} hat die Konfiguration von {{match}} seit {{count}} Minuten nicht abgerufen',
    stuckLoadDetail:
      'Das Laden kam nicht an. Im Match: „Match neu starten“ sendet es erneut an denselben Server, „Server wechseln“ verlegt es auf einen anderen freien.',
    idleServers_one: '{{servers}} ist untätig',
    idleServers_other: '{{count}} Server sind untätig: {{servers}}',
    idleServersDetail_one:
      '{{count}} Match wartet in der Warteschlange; prüfe, warum der Server keines nimmt.',
    idleServersDetail_other:
      '{{count}} Matches warten in der Warteschlange; prüfe, warum die Server keines nehmen.',
    webhookOff: 'Webhook abgeschaltet: {{url}}',
    servers: 'Server',
    webhooks: 'Webhooks',
  },
  tiles: {
    title: 'Server',
    none: 'Noch keine Spielserver.',
    versus: 'gegen',
    score: 'Rundenstand',
    series: 'Maps {{team1}}:{{team2}}',
    players: '{{present}} von {{expected}} Spielern',
    inPhase: 'seit {{time}}',
    free: 'Frei: nimmt das nächste Match',
    off: 'Ausgeschaltet',
    phase: {
      idle: 'Frei',
      blocked: 'Gesperrt',
      disabled: 'Aus',
      warmup: 'Warmup',
      live: 'Live',
      halftime: 'Halbzeit',
      overtime: 'Verlängerung',
      paused: 'Pausiert',
    },
  },
  queue: {
    title: 'Als Nächstes',
    empty: 'Kein Match wartet auf den Start.',
  },
  glance: {
    title: 'Auf einen Blick',
    tournament: 'Turnier',
    noTournament: 'Noch keins',
    tournamentLine: '{{name}}: {{status}}',
    setup: 'Turnier einrichten',
    live: 'Matches live',
    waiting_one: '{{count}} wartet auf einen Server',
    waiting_other: '{{count}} warten auf einen Server',
    next: 'Als Nächstes:',
    serversFree: 'Freie Server',
    servers: 'Server',
  },
  tournamentStatus: {
    setup: 'Wird eingerichtet',
    in_progress: 'Läuft',
    completed: 'Beendet',
  },
};
