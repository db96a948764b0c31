import type { Catalogue } from '../en/index.js';

export const overlay: Catalogue['overlay'] = {};
