import rison from 'rison';
import { invalidFields } from './errors.js';

/** Decode the rison `q` query parameter of list endpoints; a malformed value is a 400 naming `q`. */
export function decodeRisonQuery(q: unknown): Record<string, unknown> {
  if (q === undefined || q === null || q === '') return {};
  if (typeof q !== 'string') throw invalidFields({ q: ['Not a valid rison value.'] });
  let value: unknown;
  try {
    value = rison.decode(q);
  } catch {
    throw invalidFields({ q: ['Not a valid rison value.'] });
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw invalidFields({ q: ['Not a valid rison object.'] });
  }
  return value as Record<string, unknown>;
}

/** ids are 32-bit integer columns; a larger one can name nothing */
export const MAX_ID = 2_147_483_647;

/** The highest list page: with 1,000 rows a page, an offset of a billion rows, far beyond any list. */
export const MAX_PAGE = 1_000_000;

/**
 * `?q=!(1,2)`: a rison list of 1 to 1,000 ids (bulk delete, export, favorite status); anything else
 * is a 400 naming `q`. `what` is the object's name in the message ('chart', 'dashboard', …).
 */
export function risonIdList(raw: unknown, what: string): number[] {
  let value: unknown;
  try {
    value = typeof raw === 'string' ? rison.decode(raw) : undefined;
  } catch {
    value = undefined;
  }
  const valid =
    Array.isArray(value) &&
    value.length > 0 &&
    value.length <= 1000 &&
    value.every((v) => Number.isInteger(v) && (v as number) > 0 && (v as number) <= MAX_ID);
  if (!valid) throw invalidFields({ q: [`Give a list of ${what} ids, e.g. !(1,2).`] });
  return value as number[];
}

export interface ListParams {
  filters: { col: string; opr: string; value: unknown }[];
  orderColumn: string | null;
  orderDirection: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

/** Normalize a decoded list query; `allowedOrder` names the columns that may be sorted on. */
export function listParams(q: Record<string, unknown>, allowedOrder: readonly string[], defaultPageSize = 25): ListParams {
  const errors: Record<string, string[]> = {};
  const filters: ListParams['filters'] = [];
  if (q.filters !== undefined) {
    if (!Array.isArray(q.filters)) errors.filters = ['Not a valid list.'];
    else
      for (const f of q.filters as unknown[]) {
        if (
          !f ||
          typeof f !== 'object' ||
          typeof (f as { col?: unknown }).col !== 'string' ||
          typeof (f as { opr?: unknown }).opr !== 'string'
        ) {
          errors.filters = ['Each filter needs col, opr and value.'];
          break;
        }
        const { col, opr, value } = f as { col: string; opr: string; value: unknown };
        filters.push({ col, opr, value });
      }
  }
  let orderColumn: string | null = null;
  if (q.order_column !== undefined) {
    if (typeof q.order_column !== 'string' || !allowedOrder.includes(q.order_column)) errors.order_column = ['Not a valid choice.'];
    else orderColumn = q.order_column;
  }
  const dir = q.order_direction ?? 'asc';
  if (dir !== 'asc' && dir !== 'desc') errors.order_direction = ['Must be one of: asc, desc.'];
  const page = q.page ?? 0;
  if (!Number.isInteger(page) || (page as number) < 0) errors.page = ['Not a valid integer.'];
  // the offset (page × page_size) goes to the metadata store as an integer: 1e20 is a float there
  else if ((page as number) > MAX_PAGE) errors.page = [`Must be at most ${MAX_PAGE}.`];
  const pageSize = q.page_size ?? defaultPageSize;
  if (!Number.isInteger(pageSize) || (pageSize as number) < 1 || (pageSize as number) > 1000)
    errors.page_size = ['Must be between 1 and 1000.'];
  if (Object.keys(errors).length) throw invalidFields(errors);
  return { filters, orderColumn, orderDirection: dir as 'asc' | 'desc', page: page as number, pageSize: pageSize as number };
}
