import type { Catalogue } from '../en/index.js';

export const checkIn: Catalogue['checkIn'] = {};
