import type { Catalogue } from '../en/index.js';

export const players: Catalogue['players'] = {
  page: {
    rating: 'Rating {{rating}}',
    ratingHistory: 'Rating-Verlauf',
    noRatedMatch: 'Noch kein gewertetes Match.',
    column: {
      match: 'Match',
      tournament: 'Turnier',
      rating: 'Rating',
    },
  },
  admin: {
    title: 'Spieler',
    newPlayer: 'Neuer Spieler',
    importFromFile: 'Aus Datei importieren',
    importNoun: 'Spieler',
    importHelp:
      'JSON: ein Array aus <code>{ platformId, name, chatId?, rating? }</code>. CSV: eine Kopfzeile mit <code>platformId,player,chatId,rating</code> (Chat-ID und Rating dürfen leer bleiben). Eine von Hand gesetzte Chat-ID wird nie überschrieben.',
    search: 'Nach Name oder Plattform-ID suchen',
    noPlayers: 'Noch keine Spieler.',
    noPlayerMatches: 'Kein Spieler gefunden.',
    table: 'Spieler',
    column: {
      player: 'Spieler',
      platformId: 'Plattform-ID',
      chatId: 'Chat-ID',
      rating: 'Rating',
      actions: 'Aktionen',
    },
    edit: 'Bearbeiten',
    delete: 'Löschen',
    confirmDelete: '{{name}} löschen',
    deleted: 'Spieler {{name}} gelöscht.',
  },
  form: {
    newTitle: 'Neuer Spieler',
    editTitle: '{{name}} bearbeiten',
    platformId: 'Steam-ID (17 Ziffern, STEAM_0:1:…, [U:1:…] oder Profil-Link)',
    name: 'Name',
    chatId: 'Chat-ID',
    rating: 'Rating',
    saveChanges: 'Änderungen speichern',
    create: 'Spieler anlegen',
    cancel: 'Abbrechen',
    saved: 'Spieler {{name}} gespeichert.',
  },
};
