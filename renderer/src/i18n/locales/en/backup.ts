/** Strings of renderer/src/features/backup. */
export const backup = {
  title: 'Backup and restore',
  kind: {
    automatic: 'Automatic',
    manual: 'Taken by hand',
    beforeRestore: 'Before a restore',
  },
  now: {
    title: 'Backup now',
    help: 'One file with teams, servers, the tournament, results, ratings and settings (secrets included: keep it safe). Restoring it on another laptop brings the whole event back.',
    download: 'Download a backup',
    withDemos: 'Include the demos (one .tar file, much larger)',
  },
  restore: {
    title: 'Restore a backup file',
    help: 'The file is checked first: a damaged or foreign file changes nothing.',
    file: 'File to restore',
    restore: 'Restore',
    restoreFile: 'Restore {{name}}',
    replaceAll: 'Replace all data',
    replaceAllWith: 'Replace all data with {{name}}',
    uploading: 'Uploading and checking {{size}}…',
  },
  restored: {
    fileToast: '{{name}} restored',
    snapshotToast: 'The snapshot of {{time}} restored',
    file: '{{name}} restored.',
    snapshot: 'The snapshot of {{time}} restored.',
    demos_one: '{{count}} demo put back.',
    demos_other: '{{count}} demos put back.',
    keptAs: 'The data it replaced is kept as the snapshot {{name}}.',
  },
  snapshots: {
    title: 'Snapshots',
    take: 'Take a snapshot now',
    taken: 'Snapshot taken',
    schedule:
      'Taken automatically every {{minutes}} minutes while a tournament is in progress; the last {{keep}} are kept.',
    none: 'No snapshots yet.',
    download: 'Download',
    confirmRestore: 'Replace all data with the snapshot of {{time}}',
  },
};
