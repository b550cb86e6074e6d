/**
 * The pivot table's aggregation functions (`aggregateFunction`), by the names the BI server stores.
 * Each cell, subtotal and total folds the values of the query rows under it; the query has already
 * aggregated each metric per row/column combination, so 'Sum' of one combination is its value.
 */
import { PIVOT_AGGREGATE_FUNCTIONS, type PivotAggregateFunction } from './controlPanel.js';

/** One list, the control panel's: a saved chart's `aggregateFunction` is always one the pivot knows. */
export const AGGREGATE_FUNCTIONS = PIVOT_AGGREGATE_FUNCTIONS;
export type AggregateFunction = PivotAggregateFunction;
export const DEFAULT_AGGREGATE_FUNCTION: AggregateFunction = 'Sum';

export type AggregateValue = number | string | null;

export interface Aggregator {
  push(value: unknown): void;
  value(): AggregateValue;
}

/** What a fraction is a fraction of. */
export type FractionOf = 'total' | 'row' | 'col';

export interface AggregateSpec {
  /** the fold every cell runs (a fraction's numerator and denominator) */
  base: () => Aggregator;
  fractionOf: FractionOf | null;
  /** the result is numeric (number formats apply) */
  numeric: boolean;
}

const toNumber = (v: unknown): number | null => {
  if (v === null || v === undefined || v === '' || typeof v === 'boolean') return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
};

const collator = new Intl.Collator(undefined, { numeric: true });

/** The natural order of values: numbers by value before text, text naturally; empty values last. */
export function naturalCompare(a: unknown, b: unknown): number {
  const an = a === null || a === undefined;
  const bn = b === null || b === undefined;
  if (an || bn) return an === bn ? 0 : an ? 1 : -1;
  const x = toNumber(a);
  const y = toNumber(b);
  if (x !== null && y !== null) return x - y;
  if (x !== null) return -1;
  if (y !== null) return 1;
  return collator.compare(String(a), String(b));
}

/** A fold over the numbers pushed; empty when none came (a cell of nulls shows as empty, not 0). */
function numeric(fold: (xs: number[]) => number | null): () => Aggregator {
  return () => {
    const xs: number[] = [];
    return {
      push(v) {
        const n = toNumber(v);
        if (n !== null) xs.push(n);
      },
      value: () => (xs.length === 0 ? null : fold(xs)),
    };
  };
}

/** Sum keeps no list: totals over thousands of rows stay cheap. */
const sum = (): Aggregator => {
  let total = 0;
  let any = false;
  return {
    push(v) {
      const n = toNumber(v);
      if (n === null) return;
      total += n;
      any = true;
    },
    value: () => (any ? total : null),
  };
};

const count = (): Aggregator => {
  let n = 0;
  return { push: () => void (n += 1), value: () => n };
};

function unique(list: boolean): () => Aggregator {
  return () => {
    const seen = new Set<string>();
    return {
      push(v) {
        if (v !== null && v !== undefined) seen.add(String(v));
      },
      value: () => (list ? [...seen].join(', ') : seen.size),
    };
  };
}

function variance(xs: number[]): number | null {
  if (xs.length < 2) return null;
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  return xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (xs.length - 1);
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** First / Last: the least / greatest value in natural order (the BI server's pivot reads them so). */
function extreme(last: boolean): () => Aggregator {
  return () => {
    let best: unknown = undefined;
    return {
      push(v) {
        if (v === null || v === undefined) return;
        if (best === undefined || (last ? naturalCompare(v, best) > 0 : naturalCompare(v, best) < 0)) best = v;
      },
      value: () => (best === undefined ? null : typeof best === 'number' ? best : String(best)),
    };
  };
}

const BASES: Record<string, () => Aggregator> = {
  Count: count,
  'Count Unique Values': unique(false),
  'List Unique Values': unique(true),
  Sum: sum,
  Average: numeric((xs) => xs.reduce((a, b) => a + b, 0) / xs.length),
  Median: numeric(median),
  'Sample Variance': numeric(variance),
  'Sample Standard Deviation': numeric((xs) => {
    const v = variance(xs);
    return v === null ? null : Math.sqrt(v);
  }),
  Minimum: numeric((xs) => Math.min(...xs)),
  Maximum: numeric((xs) => Math.max(...xs)),
  First: extreme(false),
  Last: extreme(true),
};

const FRACTION = /^(Sum|Count) as Fraction of (Total|Rows|Columns)$/;

/** The spec of an aggregation function by name; an unknown name is Sum. */
export function aggregateSpec(name: unknown): AggregateSpec {
  const key = typeof name === 'string' ? name : DEFAULT_AGGREGATE_FUNCTION;
  const fraction = FRACTION.exec(key);
  if (fraction) {
    const of: FractionOf = fraction[2] === 'Total' ? 'total' : fraction[2] === 'Rows' ? 'row' : 'col';
    return { base: fraction[1] === 'Sum' ? sum : count, fractionOf: of, numeric: true };
  }
  const base = BASES[key] ?? sum;
  return { base, fractionOf: null, numeric: key !== 'List Unique Values' && key !== 'First' && key !== 'Last' };
}
