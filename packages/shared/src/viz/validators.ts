/**
 * Control validators with the spec's messages (section 5 "Control validators"). Each answers an
 * error message or false; the control panel shows the message after the control's label.
 */
import type { Validator } from './types.js';

const isEmpty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/** Required: 'cannot be empty' for null, an empty string or an empty list. */
export const validateNonEmpty: Validator = (v) => (isEmpty(v) ? 'cannot be empty' : false);

/** Integer: 'is expected to be an integer' (an empty value passes; pair with validateNonEmpty). */
export const validateInteger: Validator = (v) => {
  if (isEmpty(v)) return false;
  const n = typeof v === 'string' ? Number(v.trim()) : v;
  return typeof n === 'number' && Number.isInteger(n) && !(typeof v === 'string' && v.trim() === '')
    ? false
    : 'is expected to be an integer';
};

/** A number of any kind: 'is expected to be a number'. */
export const validateNumber: Validator = (v) => {
  if (isEmpty(v)) return false;
  const n = typeof v === 'string' ? Number(v.trim()) : v;
  return typeof n === 'number' && Number.isFinite(n) ? false : 'is expected to be a number';
};

/** Maximum: 'Value cannot exceed %s'. */
export const validateMaxValue =
  (max: number): Validator =>
  (v) => {
    if (isEmpty(v)) return false;
    const n = Number(v);
    return Number.isFinite(n) && n > max ? `Value cannot exceed ${max}` : false;
  };

/** Positive: row and series limits are at least 1. */
export const validatePositive: Validator = (v) => {
  if (isEmpty(v)) return false;
  const n = Number(v);
  return Number.isFinite(n) && n <= 0 ? 'is expected to be a positive number' : false;
};

/** Row limit: a positive integer, at most the server's SQL_MAX_ROW. */
export const validateRowLimit: Validator = (v, ctx) =>
  validateInteger(v, ctx) || validatePositive(v, ctx) || validateMaxValue(ctx.sqlMaxRow)(v, ctx);

/** Series limit: a positive integer. */
export const validateSeriesLimit: Validator = (v, ctx) => validateInteger(v, ctx) || validatePositive(v, ctx);

/** An orderby option is a `[column or metric, ascending]` pair: 'Found invalid orderby options'. */
export const validateOrderBy: Validator = (v) => {
  if (isEmpty(v)) return false;
  const list = Array.isArray(v) ? v : [v];
  const ok = list.every((o) => {
    const pair: unknown = typeof o === 'string' ? safeJson(o) : o;
    return (
      Array.isArray(pair) &&
      pair.length === 2 &&
      (typeof pair[0] === 'string' || typeof pair[0] === 'object') &&
      typeof pair[1] === 'boolean'
    );
  });
  return ok ? false : 'Found invalid orderby options';
};

function safeJson(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return undefined;
  }
}
