/** Strings of renderer/src/features/print (the printable pages). */
export const print = {
  paper: 'Paper size',
  size: { a4: 'A4', a3: 'A3' },
  print: 'Print',
  back: 'Back to the tournament',
  link: 'Print',
  noTournament: 'No tournament yet.',
  title: {
    bracket: 'Bracket',
    groups: 'Groups',
    schedule: 'Match schedule',
    flyer: 'Join flyer',
  },
  schedule: {
    match: 'Match',
    round: 'Round',
    teams: 'Teams',
    when: 'Time',
    server: 'Server',
    versus: '{{team1}} vs {{team2}}',
    live: 'Live',
    eta: 'about {{time}}',
    empty: 'No match is left to play.',
  },
  flyer: {
    join: 'Join the tournament',
    step1: 'Connect to the LAN, then scan the QR code or type the address above into a browser.',
    step2: 'Choose Sign in, then pick your team and your name.',
    step3:
      'Type the team code your organiser gave you: your matches, the veto and the connect command are on “My match”.',
  },
};
