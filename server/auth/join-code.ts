import { randomInt } from 'node:crypto';

/** No 0/O, 1/I/L: a code read off a screen across a hall is typed right the first time. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const JOIN_CODE_LENGTH = 6;

export function generateJoinCode(): string {
  return Array.from({ length: JOIN_CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}

/** What a player typed, as stored: upper case, without spaces or dashes. */
export function normaliseJoinCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]+/g, '');
}
