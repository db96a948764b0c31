import type { Catalogue } from '../en/index.js';

export const exports: Catalogue['exports'] = {
  title: 'Exporte',
  download: 'Herunterladen',
  hint: 'CSV-Tabellen für Tabellenkalkulationen (Excel, LibreOffice, Google Sheets) und das ganze Event als JSON für eine Website. Jeder im LAN kann sie laden: Sie enthalten, was die öffentlichen Seiten zeigen.',
  file: {
    results: 'Ergebnisse (CSV)',
    standings: 'Tabelle (CSV)',
    players: 'Spielerstatistik (CSV)',
    json: 'Ganzes Event (JSON)',
  },
};
