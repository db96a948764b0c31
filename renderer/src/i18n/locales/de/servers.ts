import type { Catalogue } from '../en/index.js';

export const servers: Catalogue['servers'] = {};
