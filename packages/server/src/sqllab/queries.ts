/** Query ids and states; the query records themselves are read and written by `metadata/repos/queries.ts`. */
import { randomInt } from 'node:crypto';
import { FINAL_STATES } from '@rama/shared';

/** Query ids are 11 characters long (sql-editor.md §9). */
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export function newClientId(): string {
  let id = '';
  for (let i = 0; i < 11; i++) id += ALPHABET[randomInt(ALPHABET.length)];
  return id;
}

export const isFinalState = (s: string): boolean => (FINAL_STATES as readonly string[]).includes(s);
