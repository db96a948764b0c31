import type { Catalogue } from '../en/index.js';

export const me: Catalogue['me'] = {
  title: 'Mein Match',
  signInFirst:
    '<0>Melde dich</0> mit eurem Team-Code an, dann siehst du dein Match, das Veto und wie du auf den Server kommst.',
  currentMatch: 'Aktuelles Match',
  notOnTeam: 'Du bist in keinem Team dieses Turniers.',
  match: {
    none: '{{team}} hat gerade kein Match. Diese Seite aktualisiert sich von selbst.',
    title: '{{team}} vs {{opponent}}',
    opponentUnknown: 'noch offen',
    page: 'Match-Seite',
    status: 'Status:',
    goToVeto: 'Zum Map-Veto',
  },
  waiting: {
    server: 'Wartet auf einen Server',
    position: 'Platz {{position}} in der Warteschlange',
    timetable: '(vom Zeitplan angehalten)',
    teamBusy: '(ein Team spielt noch ein anderes Match)',
  },
  connect: {
    paste: 'Öffne die Konsole im Spiel und füge das hier ein:',
    copy: 'Connect-Befehl kopieren',
    copied: 'Kopiert',
    copiedToast: 'Connect-Befehl kopiert.',
    join: 'Im Spiel beitreten',
  },
  callAdmin: {
    title: 'Admin rufen',
    label: 'Was ist los? (eine Zeile)',
    placeholder: 'z. B. unser Server laggt, ein Spieler kommt nicht rein',
    send: 'Admin rufen',
    sent: 'Ein Admin wurde gerufen und kommt zu euch.',
  },
  profile: {
    title: 'Profil',
    chatId: 'Chat-ID (damit Orga und Bots dich erreichen)',
    saved: 'Chat-ID gespeichert.',
    removed: 'Chat-ID entfernt.',
  },
  lineup: {
    title: 'Aufstellung',
    choose: 'Wer spielt dieses Match? Wähle {{count}}.',
    plays: 'spielt',
    substitute: 'Ersatz',
    chosen: '{{chosen}} von {{wanted}} gewählt',
    save: 'Aufstellung speichern',
    saved: 'Aufstellung gespeichert.',
    locked: 'Der Server hat die Aufstellung schon; ein Admin kann noch einen Spieler tauschen.',
    coach: 'Coach: {{name}} (kommt als Zuschauer und tippt dann .coach im Spiel)',
  },
};
