import type { Catalogue } from '../en/index.js';

export const settings: Catalogue['settings'] = {};
