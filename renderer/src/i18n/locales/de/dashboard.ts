import type { Catalogue } from '../en/index.js';

export const dashboard: Catalogue['dashboard'] = {};
