import type { Catalogue } from '../en/index.js';

export const common: Catalogue['common'] = {
  planned: {
    label: 'Zeitplan',
    paused: 'Pausiert: Kein neues Match startet, bis die Orga fortsetzt.',
    break: '{{name}} bis {{time}}',
    notBefore: '{{round}}: nicht vor {{time}}',
  },
  appName: 'Matchday',
  loading: 'Lädt…',
  save: 'Speichern',
  cancel: 'Abbrechen',
  close: 'Schließen',
  delete: 'Löschen',

  confirm: 'Bestätigen',
  areYouSure: 'Sicher?',
  dismiss: 'Ausblenden',
  never: 'nie',
  secondsAgo: 'vor {{count}} s',
  minutesAgo: 'vor {{count}} Min.',
  hoursAgo: 'vor {{count}} Std.',
  aboutMinutes: 'in etwa {{count}} Min.',
  aboutTime: 'etwa {{time}}',
  tbd: 'offen',
};
