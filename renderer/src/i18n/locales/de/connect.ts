import type { Catalogue } from '../en/index.js';

export const connect: Catalogue['connect'] = {
  title: 'Spieler verbinden',
  qrOf: 'QR-Code für {{url}}',
  openAddress: 'Spieler öffnen diese Adresse in einem beliebigen Browser im LAN:',
  copyAddress: 'Adresse kopieren',
  copy: 'Kopieren',
  copied: '{{url}} kopiert',
  localOnly:
    'Matchday hört nur auf diesem Rechner, niemand sonst im LAN erreicht es. Starte es mit HOST=0.0.0.0 (der Standard), damit die Spieler reinkommen.',
  otherAddresses: 'Weitere Adressen',
};
