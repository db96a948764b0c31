/** Strings of renderer/src/features/dashboard. */
export const dashboard = {
  title: 'Dashboard',
  attention: {
    title: 'Needs attention',
    nothing: 'Nothing needs you right now.',
    dbDown: 'Plugin DB down on {{server}}',
    dbDownDetail: 'The plugin cannot reach its database.',
    updateRequired: 'Game update required on {{server}}',
    updateRequiredDetail:
      'The game asks for version {{version}}; the server takes no match until it is updated.',
    serverDown: '{{server}} is down',
    pluginError: 'The plugin reports an error state.',
    serverBlocked: '{{server}} is blocked',
    decision: '{{match}}: {{status}}',
    decisionDetail: '{{team1}} vs {{team2}}: the series ended level; choose the winner.',
    openMatch: 'Open the match',
    vetoPending_one: "{{count}} match waits for its teams' veto",
    vetoPending_other: "{{count}} matches wait for their teams' veto",
    vetoPendingDetail:
      'The teams pick and ban maps on their phones; remind them, or skip the veto in the match window.',
    matches: 'Matches',
    stuckLoad_one: '{{server}} has not fetched the config of {{match}} for {{count}} minute',
    stuckLoad_other: '{{server}} has not fetched the config of {{match}} for {{count}} minutes',
    stuckLoadDetail:
      'The load did not arrive. In the match: “Restart match” sends it to the same server again, “Reallocate server” moves it to another free one.',
    idleServers_one: '{{servers}} is idle',
    idleServers_other: '{{count}} servers are idle: {{servers}}',
    idleServersDetail_one: '{{count}} match waits in the queue; check why the server takes none.',
    idleServersDetail_other: '{{count}} matches wait in the queue; check why the servers take none.',
    webhookOff: 'Webhook turned off: {{url}}',
    servers: 'Servers',
    webhooks: 'Webhooks',
  },
  glance: {
    title: 'At a glance',
    tournament: 'Tournament',
    noTournament: 'None yet',
    tournamentLine: '{{name}}: {{status}}',
    setup: 'Tournament setup',
    live: 'Matches live',
    waiting_one: '{{count}} waiting for a server',
    waiting_other: '{{count}} waiting for a server',
    next: 'Next:',
    serversFree: 'Servers free',
    servers: 'Servers',
  },
  /** A tournament's status (Tournament['status']). */
  tournamentStatus: {
    setup: 'Being set up',
    in_progress: 'Running',
    completed: 'Completed',
  },
};
