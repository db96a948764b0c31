export const stage = {
  title: 'Bühnen-Warteschlange',
  intro:
    'Die Spiele auf der Bühne in Spielreihenfolge. Go startet ein Spiel, das im Warmup wartet (Caster und Admins).',
  empty: 'Kein Spiel ist auf der Bühne.',
  go: 'Go',
  started: 'Gestartet: {{label}}',
  live: 'Live',
  held: 'Im Warmup, wartet auf Go',
  nextMap: 'Map {{map}} im Warmup, wartet auf Go',
  waiting: 'Wartet auf den Bühnen-Server',
};
