/** Strings of renderer/src/features/players. */
export const players = {
  page: {
    rating: 'Rating {{rating}}',
    ratingHistory: 'Rating history',
    noRatedMatch: 'No rated match yet.',
    column: {
      match: 'Match',
      tournament: 'Tournament',
      rating: 'Rating',
    },
  },
  admin: {
    title: 'Players',
    newPlayer: 'New player',
    importFromFile: 'Import from file',
    importNoun: 'players',
    // <code> holds the file format, which stays as it is in every language.
    importHelp:
      'JSON: an array of <code>{ platformId, name, chatId?, rating? }</code>. CSV: a header row with <code>platformId,player,chatId,rating</code> (chat id and rating may stay empty). A chat id set by hand is never overwritten.',
    search: 'Search by name or platform id',
    noPlayers: 'No players yet.',
    noPlayerMatches: 'No player matches.',
    table: 'Players',
    column: {
      player: 'Player',
      platformId: 'Platform id',
      chatId: 'Chat id',
      rating: 'Rating',
      actions: 'Actions',
    },
    edit: 'Edit',
    delete: 'Delete',
    confirmDelete: 'Delete {{name}}',
    deleted: 'Player {{name}} deleted.',
  },
  form: {
    newTitle: 'New player',
    editTitle: 'Edit {{name}}',
    platformId: 'Steam id (17 digits, STEAM_0:1:…, [U:1:…] or profile link)',
    name: 'Name',
    chatId: 'Chat id',
    rating: 'Rating',
    saveChanges: 'Save changes',
    create: 'Create player',
    cancel: 'Cancel',
    saved: 'Player {{name}} saved.',
  },
};
