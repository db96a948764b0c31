import type { Catalogue } from '../en/index.js';

export const teams: Catalogue['teams'] = {};
