import type { Catalogue } from '../en/index.js';

export const veto: Catalogue['veto'] = {
  title: '{{format}}-Map-Veto',
  refused: 'Abgelehnt:',
  refusedHint: 'Unten siehst du den aktuellen Stand des Vetos.',
  step: 'Schritt {{step}} von {{total}}',
  signIn: '<0>Melde dich an</0>, um für dein Team zu bannen und zu picken.',
  spectator: 'Du spielst in keinem der beiden Teams: Hier kannst du das Veto verfolgen.',
  chooseSide: 'Seite wählen',
  startCt: 'Als CT starten',
  startT: 'Als T starten',
  mapPool: 'Map-Pool',
  ban: 'Bannen',
  pick: 'Picken',
  banMap: '{{map}} bannen',
  pickMap: '{{map}} picken',
  state: { banned: 'Gebannt', picked: 'Gepickt', decider: 'Decider' },
  stateBy: {
    banned: 'Gebannt von {{team}}',
    picked: 'Gepickt von {{team}}',
    decider: 'Decider von {{team}}',
  },
  mapsToPlay: 'Diese Maps werden gespielt',
  decider: 'Decider',
  pickedBy: 'gepickt von {{team}}',
  next: 'Als Nächstes wartet das Match auf einen Server. Unter <0>Mein Match</0> siehst du, wie du beitrittst, sobald es so weit ist.',
  advantage:
    'Grand-Final-Vorteil: {{team}} startet mit einer Map Vorsprung. Gespielt werden die Picks beider Teams, der Decider nicht.',
  starter: {
    coinToss: 'Münzwurf: {{team}} hat gewonnen und bannt zuerst.',
    higherSeed: '{{team}} ist besser gesetzt und bannt zuerst.',
  },
  history: 'Verlauf',
  prompt: {
    skipped: 'Das Veto wurde übersprungen.',
    done: 'Das Veto ist fertig.',
    notStarted: 'Das Veto beginnt, sobald beide Teams feststehen.',
    myTurn: {
      ban: 'Du bist dran: Banne eine Map.',
      pick: 'Du bist dran: Picke eine Map.',
      side: 'Du bist dran: Wähle eure Startseite.',
      sideOn: 'Du bist dran: Wähle eure Startseite auf {{map}}.',
    },
    waiting: {
      ban: 'Warte, bis {{team}} eine Map bannt.',
      pick: 'Warte, bis {{team}} eine Map pickt.',
      side: 'Warte, bis {{team}} die Startseite wählt.',
      sideOn: 'Warte, bis {{team}} die Startseite auf {{map}} wählt.',
    },
  },
  side: {
    knife: 'Messerrunde um die Seiten',
    starts: '{{team}} startet als {{side}}',
    team1: 'Team 1',
  },
};
