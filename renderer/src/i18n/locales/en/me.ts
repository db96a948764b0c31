/** Strings of renderer/src/features/me. */
export const me = {
  title: 'My match',
  signInFirst: '<0>Sign in</0> with your team code to see your match, the veto and how to join the server.',
  currentMatch: 'Current match',
  notOnTeam: 'You are not on a team of this tournament.',
  match: {
    none: '{{team}} has no match right now. This page updates by itself.',
    title: '{{team}} vs {{opponent}}',
    opponentUnknown: 'to be decided',
    page: 'Match page',
    status: 'Status:',
    goToVeto: 'Go to the map veto',
  },
  waiting: {
    server: 'Waiting for a server',
    position: 'number {{position}} in the queue',
    timetable: '(held by the timetable)',
    teamBusy: '(a team still plays another match)',
  },
  connect: {
    paste: 'Open the game console and paste:',
    copy: 'Copy connect command',
    copied: 'Copied',
    copiedToast: 'Connect command copied.',
    join: 'Join in the game',
  },
  profile: {
    title: 'Profile',
    chatId: 'Chat id (so the organiser and bots can reach you)',
    saved: 'Chat id saved.',
    removed: 'Chat id removed.',
  },
};
