/** Strings of renderer/src/components (shared pieces) and renderer/src/stores. */
export const components = {
  typedConfirm: {
    prompt: 'Type {{word}} to confirm',
  },
  joinClock: {
    left: 'Join the server: {{time}} left',
    over: 'The time to join is up: an admin decides',
    held: 'An admin holds the join clock: no hurry',
    present: 'present {{team1}} {{present1}}, {{team2}} {{present2}}',
  },
  matchEta: {
    expected: 'Expected to start: {{when}}',
  },
  copy: {
    failed: 'The browser would not copy: select the text and copy it by hand.',
  },
  import: {
    title: 'Import {{noun}}',
    file: 'JSON or CSV file',
    empty: 'The file holds no {{noun}}.',
    unreadable: 'The file cannot be read: {{error}}',
    item: 'item',
    preview: 'Preview of {{file}}: {{valid}} of {{total}} ready',
    table: 'Import preview',
    check: 'Check',
    ready: 'Ready',
    skipped: 'Skipped: {{problems}}',
    importing: 'Importing {{n}} {{noun}}…',
    refused: 'Refused by the server',
    imported: '{{n}} {{noun}} imported.',
    partly: '{{n}} {{noun}} imported, {{failed}} refused.',
    importSome: 'Import {{n}} {{noun}}',
    importAll: 'Import {{noun}}',
  },
  session: {
    notAdmin: 'This account is not an admin.',
    notSignedIn: 'You are not signed in as an admin.',
  },
};
