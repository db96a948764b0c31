/** Strings of renderer/src/features/home. */
export const home = {
  noTournament: 'No tournament yet. This page updates by itself when one is created.',
  status: { setup: 'Getting ready', in_progress: 'In progress', completed: 'Finished' },
  type: {
    single_elimination: 'single elimination',
    double_elimination: 'double elimination',
    round_robin: 'round robin',
    swiss: 'swiss',
    shuffle: 'shuffle',
    groups_playoffs: 'groups, then playoffs',
  },
  champion: 'Champion',
  running: { title: 'Running tournaments' },
  mode: { competitive: 'competitive', wingman: 'wingman', duel: 'duel' },
  links: { bracket: 'Bracket', standings: 'Standings', screen: 'Projector view' },
  live: {
    title: 'Live matches',
    none: 'No match is being played right now.',
    needsDecision_one: '{{count}} match waiting for an admin decision.',
    needsDecision_other: '{{count}} matches waiting for an admin decision.',
  },
  footer: {
    organisers: 'Organisers:',
    adminConsole: 'admin console',
    scripts: 'Scripts and bots:',
    apiReference: 'API reference',
  },
  notFound: { title: 'Page not found', back: 'Back to the start page' },
};
