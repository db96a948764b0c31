import type { Catalogue } from '../en/index.js';

export const matches: Catalogue['matches'] = {};
