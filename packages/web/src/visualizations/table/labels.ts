/**
 * Result column names of form-data metrics and columns (how the server labels them), and the small
 * readers of loosely typed form data the table and the pivot table share.
 */
import type { ExploreDatasource } from '@rama/shared';

export const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null || v === '' ? [] : [v]);

/** A saved metric's name, or an adhoc metric's label (else the text the server would give it). */
export function metricLabel(m: unknown): string {
  if (typeof m === 'string') return m;
  if (!m || typeof m !== 'object') return String(m ?? '');
  const o = m as { label?: unknown; expressionType?: unknown; sqlExpression?: unknown; aggregate?: unknown; column?: unknown };
  if (typeof o.label === 'string' && o.label.trim()) return o.label;
  if (o.expressionType === 'SQL') return typeof o.sqlExpression === 'string' ? o.sqlExpression : '';
  const col = o.column && typeof o.column === 'object' ? (o.column as { column_name?: unknown }).column_name : '';
  return `${typeof o.aggregate === 'string' ? o.aggregate : ''}(${typeof col === 'string' ? col : ''})`;
}

/** A column's name, or an adhoc column's label (else its SQL). */
export function columnLabel(c: unknown): string {
  if (typeof c === 'string') return c;
  if (!c || typeof c !== 'object') return String(c ?? '');
  const o = c as { label?: unknown; sqlExpression?: unknown };
  if (typeof o.label === 'string' && o.label.trim()) return o.label;
  return typeof o.sqlExpression === 'string' ? o.sqlExpression : '';
}

/** The name a column or metric shows under: its verbose name when the dataset has one. */
export function verboseName(datasource: ExploreDatasource | null, key: string): string {
  const v = datasource?.verbose_map?.[key];
  return typeof v === 'string' && v.trim() ? v : key;
}

export const bool = (v: unknown, dflt: boolean): boolean =>
  typeof v === 'boolean' ? v : v === 'true' ? true : v === 'false' ? false : dflt;

export const int = (v: unknown, dflt: number): number => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? Math.trunc(n) : dflt;
};

export const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v : undefined);
