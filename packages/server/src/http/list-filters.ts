/**
 * The values of a list endpoint's rison filters (`filters: [{col, opr, value}]`), checked with the
 * BI server's messages; the chart, dashboard, dataset and report lists share them.
 */
import { invalidFields } from './errors.js';
import { MAX_ID, type ListParams } from './rison.js';

type Filter = ListParams['filters'][number];

/** The error for a filter column or operator the list does not take. */
export const unsupportedFilter = (col: string, opr: string) =>
  invalidFields({ filters: [`Filter on ${col} with ${opr} is not supported.`] });

/** The filter's value as an id: a positive integer within the store's ids, given as a number or digits. */
export function filterId(col: string, value: unknown): number {
  const v = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > MAX_ID)
    throw invalidFields({ filters: [`Filter on ${col} needs an id.`] });
  return v;
}

export function filterText(col: string, opr: string, value: unknown): string {
  if (typeof value !== 'string') throw invalidFields({ filters: [`Filter on ${col} with ${opr} needs a text value.`] });
  return value;
}

/** The filter's value as a boolean: true or false, as a boolean, text or 1 / 0. */
export function filterBool(col: string, opr: string, value: unknown): boolean {
  if (value === true || value === 'true' || value === 1) return true;
  if (value === false || value === 'false' || value === 0) return false;
  throw invalidFields({ filters: [`Filter on ${col} with ${opr} needs true or false.`] });
}

/** The filter's value as text of at most 1,000 characters (the annotation, RLS and tag lists). */
export function stringFilterValue(f: Filter): string {
  if (typeof f.value === 'string' && f.value.length <= 1000) return f.value;
  throw invalidFields({ filters: [`The value of ${f.col} must be a string.`] });
}

/** The filter's value, or `v` (one item of it), as an id: a number or at most nine digits (the annotation, RLS and tag lists). */
export function idFilterValue(f: Filter, v: unknown = f.value): number {
  if (typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= MAX_ID) return v;
  if (typeof v === 'string' && /^\d{1,9}$/.test(v)) return Number(v);
  throw invalidFields({ filters: [`The value of ${f.col} must be an id.`] });
}
