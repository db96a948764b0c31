import type { Catalogue } from '../en/index.js';

export const print: Catalogue['print'] = {
  paper: 'Papierformat',
  size: { a4: 'A4', a3: 'A3' },
  print: 'Drucken',
  back: 'Zurück zum Turnier',
  link: 'Drucken',
  noTournament: 'Noch kein Turnier.',
  title: {
    bracket: 'Turnierbaum',
    groups: 'Gruppen',
    schedule: 'Spielplan',
    flyer: 'Flyer zum Mitmachen',
  },
  schedule: {
    match: 'Match',
    round: 'Runde',
    teams: 'Teams',
    when: 'Zeit',
    server: 'Server',
    versus: '{{team1}} gegen {{team2}}',
    live: 'Live',
    eta: 'etwa {{time}}',
    empty: 'Kein Match ist mehr zu spielen.',
  },
  flyer: {
    join: 'Mach mit beim Turnier',
    step1:
      'Verbinde dich mit dem LAN, dann scanne den QR-Code oder gib die Adresse oben in einen Browser ein.',
    step2: 'Wähle „Anmelden“, dann dein Team und deinen Namen.',
    step3:
      'Gib den Team-Code ein, den du vom Veranstalter bekommen hast: deine Matches, das Veto und der Connect-Befehl stehen unter „Mein Match“.',
  },
};
