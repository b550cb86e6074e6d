import type { Cell } from '../engines/types.js';

/**
 * One CSV cell. Text beginning with = + - @ or a tab/carriage return would be run as a formula by
 * spreadsheet programs, so it gets a leading apostrophe (formula-injection escaping).
 */
export function csvCell(v: Cell): string {
  if (v === null) return '';
  let s = typeof v === 'string' ? v : String(v);
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) || s !== s.trim() ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csvLine = (cells: Cell[]): string => `${cells.map(csvCell).join(',')}\r\n`;
