/** Strings of renderer/src/features/exports (the tournament's downloads). */
export const exports = {
  title: 'Exports',
  download: 'Download',
  hint: 'CSV tables for spreadsheets (Excel, LibreOffice, Google Sheets) and the whole event as JSON for a website. Anyone on the LAN can download them: they hold what the public pages show.',
  file: {
    results: 'Results (CSV)',
    standings: 'Standings (CSV)',
    players: 'Player statistics (CSV)',
    json: 'Whole event (JSON)',
  },
};
