export const stage = {
  title: 'Stage queue',
  intro: 'The matches on stage, in play order. Go starts a match held in warmup (casters and admins).',
  empty: 'No match is on stage.',
  go: 'Go',
  started: 'Started: {{label}}',
  live: 'Live',
  held: 'In warmup, waiting for Go',
  nextMap: 'Map {{map}} in warmup, waiting for Go',
  waiting: 'Waiting for the stage server',
};
