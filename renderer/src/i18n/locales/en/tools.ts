/** Strings of renderer/src/features/tools. */
export const tools = {
  title: 'Admin tools',
  devTools: 'Dev Tools: the simulation state and its reset',
  bulk: {
    title: 'Servers at once',
    noServers: 'No servers yet.',
    servers: 'Servers',
    noMatch: 'no match',
    action: 'Action',
    input: { message: 'Message', seconds: 'Seconds', round: 'Round' },
    run_one: '{{action}} on {{count}} server',
    run_other: '{{action}} on {{count}} servers',
    confirm_one: 'Confirm: {{action}} on {{count}} server',
    confirm_other: 'Confirm: {{action}} on {{count}} servers',
    results: 'Results per server',
    done: 'done',
    doneWithMatch: 'done ({{match}})',
  },
  monitor: {
    title: 'Server events',
    empty: 'Events from game servers appear here as they arrive.',
    /** What was done with an event (shared/domain/event-outcome.ts reads the stored English line). */
    outcome: {
      applied: 'applied',
      ignored: 'ignored: {{reason}}',
      unmatched: 'unmatched: {{reason}}',
      failed: 'failed: {{error}}',
      reason: {
        changesNothing: 'changes nothing',
        noMatchLoaded: 'no match loaded',
        noServer: 'no server "{{server}}" is registered',
        noMatchid: 'no match has matchid {{matchid}}',
        notAssigned: 'match {{match}} is not assigned to {{server}}',
        eventChangesNothing: '{{event}} does not change a match',
        retriedPause: 'a retry of the pause of {{pauseTime}}, already applied',
      },
    },
  },
  logs: {
    title: 'App logs',
    level: 'Level',
    levelLabel: 'Log level',
  },
  recovery: {
    title: 'Match recovery',
    about:
      'Checks every loaded or live match against its server (status, stored events, a fresh report) and puts it right. Matchday runs it at every start.',
    run: 'Run Match Recovery Now',
    running: 'Recovering…',
    looked_one: 'Recovery looked at {{count}} match',
    looked_other: 'Recovery looked at {{count}} matches',
    results: 'Recovery results',
    none: 'No match was loaded or live.',
    /** What recovery did to a match (RecoveredMatch['action']). */
    action: {
      end_series: 'series ended',
      in_sync: 'in step with its server',
      mark_live: 'set live',
      requeue: 'back in the queue',
      needs_attention: 'needs you',
      unreachable: 'server did not answer',
    },
  },
};
