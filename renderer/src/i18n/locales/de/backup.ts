import type { Catalogue } from '../en/index.js';

export const backup: Catalogue['backup'] = {};
