/** Strings of renderer/src/features/sign-in. */
export const signIn = {
  title: 'Sign in',
  error: { adminLink: 'That admin link was already used or has expired. Ask for a new one.' },
  players: {
    title: 'Players',
    help: 'Pick your team and your name, then type the team code your organiser gave you.',
  },
  organisers: {
    title: 'Organisers',
    help: 'On the laptop that runs Matchday, the desktop window signs you in as admin. On a headless start, open the one-time <strong>admin sign-in link</strong> that Matchday printed in its console.',
  },
  lan: {
    form: 'LAN sign-in',
    noTeams: 'No teams yet: the organiser adds them first.',
    team: 'Your team',
    chooseTeam: 'Choose your team',
    player: 'You',
    chooseName: 'Choose your name',
    code: 'Team code',
    submit: 'Sign in',
    busy: 'Signing in…',
  },
};
