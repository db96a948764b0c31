/** Strings of renderer/src/features/screen (the projector). */
export const screen = {
  panels: 'Panels',
  panel: {
    bracket: 'Bracket',
    live: 'Live now',
    standings: 'Standings',
    next: 'Next matches',
    stage: 'On stage',
  },
  champion: 'Champion: {{team}}',
  join: 'Join',
  notOnLan: 'Players cannot join yet: Matchday listens on this machine only.',
  qrOf: 'QR code of {{url}}',
  playingNow: 'Nothing is waiting. Playing now:',
  onServer: 'on {{server}}',
  heldForGo: 'In warmup, waiting for Go',
  inQueue: '#{{position}} in the queue',
  empty: {
    live: 'No match is being played right now.',
    tournament: 'Waiting for the tournament…',
    standings: 'This format has no standings.',
    next: 'No match is waiting.',
    stage: 'No match is on stage.',
  },
};
