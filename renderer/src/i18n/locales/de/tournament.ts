import type { Catalogue } from '../en/index.js';

export const tournament: Catalogue['tournament'] = {};
