import type { Catalogue } from '../en/index.js';

export const webhooks: Catalogue['webhooks'] = {};
