import type { Catalogue } from '../en/index.js';

export const checkIn: Catalogue['checkIn'] = {
  title: 'Check-in',
  noTournament: 'Noch gibt es kein Turnier: Der Check-in öffnet, sobald die Orga eines anlegt.',
  noTournamentAdmin:
    'Der Check-in gehört zu einem Turnier: <setup>lege zuerst das Turnier an</setup>, dann checken die Teams hier ein.',
  stateLabel: 'Check-in-Status',
  state: {
    off: 'Für dieses Turnier ist kein Check-in nötig.',
    notOpen: 'Der Check-in öffnet am {{time}}.',
    closed: 'Der Check-in ist geschlossen.',
    openUntilStart: 'Der Check-in ist offen, bis das Turnier startet.',
    openLeft: 'Der Check-in ist offen: noch {{minutes}} min {{seconds}} s.',
  },
  missing: {
    drop: 'Teams ohne Check-in werden beim Start nicht mit ausgelost.',
    forfeit: 'Teams ohne Check-in verlieren beim Start ihr erstes Match kampflos.',
  },
  count: '{{checkedIn}} von {{total}} eingecheckt.',
  countAside: '({{checkedIn}} von {{total}} eingecheckt)',
  notCheckedIn: 'Nicht eingecheckt: {{teams}}.',
  table: { label: 'Teams', team: 'Team', checkedIn: 'Eingecheckt', by: 'Von' },
  yesAt: 'Ja, {{time}}',
  no: 'Nein',
  checkIn: 'Einchecken',
  undo: 'Rückgängig',
  teamCheckedIn: 'Dein Team ist eingecheckt.',
  checkedInToast: '{{team}} ist eingecheckt.',
};
