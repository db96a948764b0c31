import type { Catalogue } from '../en/index.js';

export const me: Catalogue['me'] = {};
