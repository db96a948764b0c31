import type { Catalogue } from '../en/index.js';

export const maps: Catalogue['maps'] = {};
