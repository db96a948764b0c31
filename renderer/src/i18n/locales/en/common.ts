/** Words shared by many pages, renderer/src/components and the time helpers. */
export const common = {
  appName: 'Matchday',
  loading: 'Loading…',
  save: 'Save',
  cancel: 'Cancel',
  delete: 'Delete',
  close: 'Close',
  confirm: 'Confirm',
  areYouSure: 'Are you sure?',
  dismiss: 'Dismiss',
  never: 'never',
  secondsAgo: '{{count}} s ago',
  minutesAgo: '{{count}} min ago',
  hoursAgo: '{{count}} h ago',
  aboutMinutes: 'about {{count}} min',
  aboutTime: 'about {{time}}',
  tbd: 'TBD',
};
