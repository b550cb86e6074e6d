/**
 * The pivot engine (pure): flat query rows → row keys, column keys and the aggregate under any row
 * prefix × column prefix (a prefix is a subtotal, the empty prefix the total). Metrics are one more
 * dimension (`METRIC_KEY`) placed on the rows or the columns, outermost or innermost.
 */
import { aggregateSpec, naturalCompare, type AggregateValue, type Aggregator } from './aggregators.js';

/** The dimension that stands for "which metric" among the row or column dimensions. */
export const METRIC_KEY = '__metric__';

export const PIVOT_ORDERS = ['key_a_to_z', 'key_z_to_a', 'value_a_to_z', 'value_z_to_a'] as const;
export type PivotOrder = (typeof PIVOT_ORDERS)[number];

export interface PivotConfig {
  /** row dimensions, outermost first (may hold METRIC_KEY) */
  rows: string[];
  cols: string[];
  /** metric labels, in the order the chart lists them (the METRIC_KEY dimension keeps it) */
  metrics: string[];
  aggregateFunction?: unknown;
  rowOrder?: unknown;
  colOrder?: unknown;
}

export interface Pivot {
  rows: string[];
  cols: string[];
  /** leaf row keys in display order; `[[]]` when there are no row dimensions */
  rowKeys: string[][];
  colKeys: string[][];
  /** the aggregate (or fraction) of the records under a row prefix and a column prefix ([] = all) */
  value(rowKey: readonly string[], colKey: readonly string[]): AggregateValue;
  /** the query value a key part stands for in a dimension (for formatting) */
  raw(dimension: string, part: string): unknown;
  numeric: boolean;
  isFraction: boolean;
}

const SEP = '\u0001';
const NULL_PART = '\u0000null';

/** A key part: the value's identity as text (null distinct from the text 'null'). */
export const keyPart = (v: unknown): string =>
  v === null || v === undefined ? NULL_PART : typeof v === 'object' ? JSON.stringify(v) : String(v);
const join = (key: readonly string[]) => key.join(SEP);

/** Transpose swaps the dimensions; the metrics then join the rows or the columns, outermost unless combined. */
export function pivotDimensions(opts: {
  groupbyRows: string[];
  groupbyColumns: string[];
  metricsLayout?: unknown;
  transposePivot?: boolean;
  combineMetric?: boolean;
}): { rows: string[]; cols: string[] } {
  let [rows, cols] = opts.transposePivot ? [opts.groupbyColumns, opts.groupbyRows] : [opts.groupbyRows, opts.groupbyColumns];
  const place = (dims: string[]) => (opts.combineMetric ? [...dims, METRIC_KEY] : [METRIC_KEY, ...dims]);
  if (opts.metricsLayout === 'ROWS') rows = place(rows);
  else cols = place(cols);
  return { rows, cols };
}

export function buildPivot(records: readonly Record<string, unknown>[], config: PivotConfig): Pivot {
  const { rows, cols, metrics } = config;
  const spec = aggregateSpec(config.aggregateFunction);
  const cells = new Map<string, Map<string, Aggregator>>();
  const raws = new Map<string, Map<string, unknown>>();
  const rowLeaves = new Map<string, string[]>();
  const colLeaves = new Map<string, string[]>();
  for (const d of [...rows, ...cols]) raws.set(d, new Map());

  const partsOf = (dims: string[], record: Record<string, unknown>, metric: string) =>
    dims.map((d) => {
      const v = d === METRIC_KEY ? metric : record[d];
      const part = keyPart(v);
      const known = raws.get(d)!;
      if (!known.has(part)) known.set(part, v);
      return part;
    });
  const prefixes = (parts: string[]) => {
    const out = [''];
    for (let i = 1; i <= parts.length; i += 1) out.push(join(parts.slice(0, i)));
    return out;
  };

  for (const record of records) {
    for (const metric of metrics) {
      const value = record[metric];
      // a metric without a value adds no cell (as the BI server unpivots)
      if (value === null || value === undefined) continue;
      const r = partsOf(rows, record, metric);
      const c = partsOf(cols, record, metric);
      const rk = prefixes(r);
      const ck = prefixes(c);
      rowLeaves.set(rk[rk.length - 1], r);
      colLeaves.set(ck[ck.length - 1], c);
      for (const rp of rk) {
        let byCol = cells.get(rp);
        if (!byCol) cells.set(rp, (byCol = new Map()));
        for (const cp of ck) {
          let agg = byCol.get(cp);
          if (!agg) byCol.set(cp, (agg = spec.base()));
          agg.push(value);
        }
      }
    }
  }

  const baseValue = (rk: string, ck: string): AggregateValue => cells.get(rk)?.get(ck)?.value() ?? null;
  const value = (rowKey: readonly string[], colKey: readonly string[]): AggregateValue => {
    const rk = join(rowKey);
    const ck = join(colKey);
    const v = baseValue(rk, ck);
    if (!spec.fractionOf || typeof v !== 'number') return v;
    const denom = spec.fractionOf === 'total' ? baseValue('', '') : spec.fractionOf === 'row' ? baseValue(rk, '') : baseValue('', ck);
    return typeof denom === 'number' && denom !== 0 ? v / denom : null;
  };
  const raw = (dimension: string, part: string) => raws.get(dimension)?.get(part) ?? null;

  const rowKeys = sortKeys([...rowLeaves.values()], rows, config.rowOrder, metrics, raw, (p) => baseValue(join(p), ''));
  const colKeys = sortKeys([...colLeaves.values()], cols, config.colOrder, metrics, raw, (p) => baseValue('', join(p)));
  return {
    rows,
    cols,
    rowKeys: rowKeys.length ? rowKeys : [[]],
    colKeys: colKeys.length ? colKeys : [[]],
    value,
    raw,
    numeric: spec.numeric,
    isFraction: spec.fractionOf !== null,
  };
}

interface KeyNode {
  part: string;
  prefix: string[];
  children: KeyNode[];
}

/**
 * Keys in display order, sorted level by level so groups stay together: by key (natural order) or
 * by the group's aggregate; the metric dimension keeps the chart's metric order.
 */
export function sortKeys(
  keys: string[][],
  dims: readonly string[],
  order: unknown,
  metrics: readonly string[],
  raw: (dimension: string, part: string) => unknown,
  groupValue: (prefix: string[]) => AggregateValue,
): string[][] {
  const root: KeyNode = { part: '', prefix: [], children: [] };
  const index = new Map<string, KeyNode>();
  for (const key of keys) {
    let node = root;
    for (let i = 0; i < key.length; i += 1) {
      const id = join(key.slice(0, i + 1));
      let child = index.get(id);
      if (!child) {
        child = { part: key[i], prefix: key.slice(0, i + 1), children: [] };
        index.set(id, child);
        node.children.push(child);
      }
      node = child;
    }
  }
  const o: PivotOrder = PIVOT_ORDERS.includes(order as PivotOrder) ? (order as PivotOrder) : 'key_a_to_z';
  const byKey = (dim: string) => (a: KeyNode, b: KeyNode) => naturalCompare(raw(dim, a.part), raw(dim, b.part));
  const sortLevel = (nodes: KeyNode[], depth: number) => {
    const dim = dims[depth];
    if (dim === METRIC_KEY) {
      nodes.sort((a, b) => metrics.indexOf(a.part) - metrics.indexOf(b.part));
    } else if (o === 'key_a_to_z') {
      nodes.sort(byKey(dim));
    } else if (o === 'key_z_to_a') {
      const cmp = byKey(dim);
      nodes.sort((a, b) => cmp(b, a));
    } else {
      const sign = o === 'value_a_to_z' ? 1 : -1;
      const cmp = byKey(dim);
      const values = new Map(nodes.map((n) => [n, groupValue(n.prefix)]));
      nodes.sort((a, b) => {
        const va = values.get(a) ?? null;
        const vb = values.get(b) ?? null;
        if (va === null || vb === null) return va === vb ? cmp(a, b) : va === null ? 1 : -1;
        return sign * naturalCompare(va, vb) || cmp(a, b);
      });
    }
    for (const n of nodes) sortLevel(n.children, depth + 1);
  };
  sortLevel(root.children, 0);
  const out: string[][] = [];
  const walk = (n: KeyNode) => (n.children.length ? n.children.forEach(walk) : out.push(n.prefix));
  root.children.forEach(walk);
  return out;
}
