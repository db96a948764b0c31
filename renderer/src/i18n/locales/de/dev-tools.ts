import type { Catalogue } from '../en/index.js';

export const devTools: Catalogue['devTools'] = {};
