import type { Catalogue } from '../en/index.js';

export const live: Catalogue['live'] = {};
