/** Strings of renderer/src/features/check-in. */
export const checkIn = {
  title: 'Check-in',
  noTournament: 'There is no tournament yet: check-in opens once the organiser creates one.',
  noTournamentAdmin:
    'Check-in belongs to a tournament: <setup>create the tournament first</setup>, then teams check in here.',
  stateLabel: 'Check-in state',
  state: {
    off: 'Check-in is not required for this tournament.',
    notOpen: 'Check-in opens {{time}}.',
    closed: 'Check-in is closed.',
    openUntilStart: 'Check-in is open until the tournament starts.',
    openLeft: 'Check-in is open: {{minutes}} min {{seconds}} s left.',
  },
  missing: {
    drop: 'At the start, teams not checked in are left out of the draw.',
    forfeit: 'At the start, teams not checked in lose their first match by forfeit.',
  },
  count: '{{checkedIn}} of {{total}} checked in.',
  countAside: '({{checkedIn}} of {{total}} checked in)',
  notCheckedIn: 'Not checked in: {{teams}}.',
  table: { label: 'Teams', team: 'Team', checkedIn: 'Checked in', by: 'By' },
  yesAt: 'Yes, {{time}}',
  no: 'No',
  checkIn: 'Check in',
  undo: 'Undo',
  teamCheckedIn: 'Your team is checked in.',
  checkedInToast: '{{team}} is checked in.',
};
