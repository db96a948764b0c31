import type { Catalogue } from '../en/index.js';

export const live: Catalogue['live'] = {
  reconnecting: 'Verbinde neu…',
  paused: 'Live-Updates pausiert, neuer Versuch läuft…',
};
