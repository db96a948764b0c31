/** Strings of renderer/src/features/test-matches (API.md decision 58). */
export const testMatches = {
  title: 'Test every server',
  intro:
    'A short simulated match on every free enabled server proves it loads, goes live, finishes and delivers its demo. It belongs to no tournament and leaves nothing behind.',
  run: 'Test every server',
  running: 'Testing…',
  never: 'No test has run yet.',
  started: 'Test matches loaded.',
  summaryRunning: 'Running since {{time}}.',
  summaryDone: 'Finished {{time}}: {{passed}} of {{count}} servers passed.',
  state: { running: 'Running', passed: 'Passed', failed: 'Failed' },
  steps: {
    load: 'Loaded',
    fetched: 'Config fetched',
    live: 'Live',
    completed: 'Completed',
    demo: 'Demo received',
  },
  failedAt: '{{step}} failed: {{reason}}',
};
