import type { Catalogue } from '../en/index.js';

export const backup: Catalogue['backup'] = {
  title: 'Sicherung und Wiederherstellung',
  kind: {
    automatic: 'Automatisch',
    manual: 'Von Hand',
    beforeRestore: 'Vor einer Wiederherstellung',
  },
  now: {
    title: 'Jetzt sichern',
    help: 'Eine Datei mit Teams, Servern, dem Turnier, Ergebnissen, Ratings und Einstellungen (samt Secrets: bewahre sie sicher auf). Auf einem anderen Laptop wiederhergestellt, bringt sie das ganze Event zurück.',
    download: 'Sicherung herunterladen',
    withDemos: 'Mit Demos (eine .tar-Datei, viel größer)',
  },
  restore: {
    title: 'Sicherungsdatei wiederherstellen',
    help: 'Die Datei wird zuerst geprüft: Eine beschädigte oder fremde Datei ändert nichts.',
    file: 'Wiederherzustellende Datei',
    restore: 'Wiederherstellen',
    restoreFile: '{{name}} wiederherstellen',
    replaceAll: 'Alle Daten ersetzen',
    replaceAllWith: 'Alle Daten durch {{name}} ersetzen',
    uploading: 'Lade {{size}} hoch und prüfe…',
  },
  restored: {
    fileToast: '{{name}} wiederhergestellt',
    snapshotToast: 'Snapshot vom {{time}} wiederhergestellt',
    file: '{{name}} wiederhergestellt.',
    snapshot: 'Snapshot vom {{time}} wiederhergestellt.',
    demos_one: '{{count}} Demo zurückgespielt.',
    demos_other: '{{count}} Demos zurückgespielt.',
    keptAs: 'Die ersetzten Daten sind als Snapshot {{name}} aufbewahrt.',
  },
  snapshots: {
    title: 'Snapshots',
    take: 'Jetzt Snapshot anlegen',
    taken: 'Snapshot angelegt',
    schedule:
      'Wird automatisch alle {{minutes}} Minuten angelegt, solange ein Turnier läuft; die letzten {{keep}} bleiben erhalten.',
    none: 'Noch keine Snapshots.',
    download: 'Herunterladen',
    confirmRestore: 'Alle Daten durch den Snapshot vom {{time}} ersetzen',
  },
};
