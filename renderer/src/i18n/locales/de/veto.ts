import type { Catalogue } from '../en/index.js';

export const veto: Catalogue['veto'] = {};
