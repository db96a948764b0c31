import type { Catalogue } from '../en/index.js';

export const home: Catalogue['home'] = {};
