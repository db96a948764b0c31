import type { Catalogue } from '../en/index.js';

export const screen: Catalogue['screen'] = {};
