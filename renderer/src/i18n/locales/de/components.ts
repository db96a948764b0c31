import type { Catalogue } from '../en/index.js';

export const components: Catalogue['components'] = {
  typedConfirm: {
    prompt: 'Zum Bestätigen {{word}} eintippen',
  },
  joinClock: {
    left: 'Auf den Server: noch {{time}}',
    over: 'Die Zeit zum Beitreten ist um: ein Admin entscheidet',
    held: 'Ein Admin hält die Beitrittsuhr an: keine Eile',
    present: 'da: {{team1}} {{present1}}, {{team2}} {{present2}}',
  },
  matchEta: {
    expected: 'Voraussichtlicher Start: {{when}}',
  },
  copy: {
    failed: 'Der Browser wollte nicht kopieren: Markiere den Text und kopiere ihn von Hand.',
  },
  import: {
    title: '{{noun}} importieren',
    file: 'JSON- oder CSV-Datei',
    empty: 'Die Datei enthält keine {{noun}}.',
    unreadable: 'Die Datei kann nicht gelesen werden: {{error}}',
    item: 'Eintrag',
    preview: 'Vorschau von {{file}}: {{valid}} von {{total}} bereit',
    table: 'Import-Vorschau',
    check: 'Prüfung',
    ready: 'Bereit',
    skipped: 'Übersprungen: {{problems}}',
    importing: '{{n}} {{noun}} werden importiert…',
    refused: 'Vom Server abgelehnt',
    imported: '{{n}} {{noun}} importiert.',
    partly: '{{n}} {{noun}} importiert, {{failed}} abgelehnt.',
    importSome: '{{n}} {{noun}} importieren',
    importAll: '{{noun}} importieren',
  },
  session: {
    notAdmin: 'Dieses Konto ist kein Admin.',
    notSignedIn: 'Du bist nicht als Admin angemeldet.',
  },
};
