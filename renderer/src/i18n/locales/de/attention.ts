import type { Catalogue } from '../en/index.js';

/** Texte von renderer/src/features/attention (die Aufgabenliste, API.md Entscheidungen 64-65). */
export const attention: Catalogue['attention'] = {
  title: 'Aufgabenliste',
  intro:
    'Alles, was dich braucht, das Älteste zuerst. Ein Eintrag verschwindet von selbst, sobald sein Grund weg ist; „Gesehen“ graut ihn bis dahin aus.',
  empty: 'Die Liste ist leer.',
  openMatch: 'Match öffnen',
  acknowledge: 'Gesehen',
  seen: 'Gesehen',
  kinds: {
    decision: 'Match braucht eine Entscheidung',
    stuck_load: 'Server hat sein Match nicht übernommen',
    paused: 'Lange pausiert',
    demo_missing: 'Demo fehlt',
    call: 'Ein Spieler ruft einen Admin',
    no_show: 'Team nicht auf dem Server',
    server_lost: 'Server verloren',
    move: 'Match zieht um',
    preflight: 'Prüfung vor dem Start fehlgeschlagen',
    player_busy: 'Spieler spielt noch in einem anderen Turnier',
  },
  bell: {
    label_one: '{{count}} Eintrag braucht dich ({{total}} in der Liste): Aufgabenliste öffnen',
    label_other: '{{count}} Einträge brauchen dich ({{total}} in der Liste): Aufgabenliste öffnen',
    soundOn: 'Ton an',
    soundOff: 'Ton aus',
    mute: 'Ton für neue Einträge ausschalten',
    unmute: 'Ton für neue Einträge einschalten',
  },
};
