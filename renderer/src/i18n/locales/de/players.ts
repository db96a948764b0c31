import type { Catalogue } from '../en/index.js';

export const players: Catalogue['players'] = {};
