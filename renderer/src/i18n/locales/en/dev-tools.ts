/** Strings of renderer/src/features/dev-tools. */
export const devTools = {
  title: 'Dev Tools',
  off: 'Dev Tools are off on this install.',
  glance: {
    title: 'Simulation state',
    simulation: 'Simulation',
    on: 'on, timescale {{timescale}}×',
    off: 'off',
    matches: 'Matches',
    counts:
      '{{all}} in all: {{live}} live, {{loaded}} loaded, {{ready}} waiting for a server, {{pending}} upcoming, {{decision}} need a decision, {{over}} over',
    servers: 'Servers',
    free: '{{free}} free of {{count}}',
    settings: 'Change the simulation settings',
  },
  reset: {
    title: 'Reset simulation state',
    about:
      'Deletes every match and its stats, and stops what the servers play. Servers, teams, maps and the tournament setup stay.',
    button: 'Reset simulation state',
    confirm: 'Confirm: delete every match and its stats',
    deleted_one: '{{count}} match deleted.',
    deleted_other: '{{count}} matches deleted.',
    deletedStopped_one: '{{count}} match deleted; servers stopped: {{servers}}.',
    deletedStopped_other: '{{count}} matches deleted; servers stopped: {{servers}}.',
  },
  watch: {
    title: 'Watch',
    monitor: 'Server event monitor',
    logs: 'App logs',
  },
};
