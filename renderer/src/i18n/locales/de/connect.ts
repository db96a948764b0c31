import type { Catalogue } from '../en/index.js';

export const connect: Catalogue['connect'] = {};
