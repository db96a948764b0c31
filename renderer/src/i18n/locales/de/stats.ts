import type { Catalogue } from '../en/index.js';

export const stats: Catalogue['stats'] = {};
