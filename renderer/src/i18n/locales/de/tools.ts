import type { Catalogue } from '../en/index.js';

export const tools: Catalogue['tools'] = {};
