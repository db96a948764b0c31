import type { Catalogue } from '../en/index.js';

export const bracket: Catalogue['bracket'] = {};
