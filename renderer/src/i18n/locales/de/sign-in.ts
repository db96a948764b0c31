import type { Catalogue } from '../en/index.js';

export const signIn: Catalogue['signIn'] = {};
