/**
 * The reply of a legacy time-series query (`is_timeseries`: a `__timestamp` column, the group
 * columns, the metrics) pivoted the way the BI server's pandas pivot_table did for its older chart
 * types: one series per metric and group, every series on the same sorted timestamps, a missing
 * point null. Horizon, paired t-test and time table draw from this. Pure.
 */
import { NULL_STRING } from '@rama/shared';
import { columnLabel, metricLabel, toNumber } from './echarts/utils';

/** The legacy time axis column of the reply. */
export const DTTM_ALIAS = '__timestamp';

export interface LegacySeries {
  metric: string;
  /** the group columns' values as the reply holds them (null for NULL) */
  groupValues: unknown[];
  /** the group values as text, in group column order */
  groupLabels: string[];
  /** one per timestamp */
  values: (number | null)[];
}

export interface LegacyPivot {
  timestamps: number[];
  series: LegacySeries[];
}

/** Result column names of the form data's dimensions and metrics. */
export function labelsOf(groupby: unknown, metrics: unknown): { groups: string[]; metrics: string[] } {
  const list = (v: unknown) => (Array.isArray(v) ? v : v === undefined || v === null || v === '' ? [] : [v]);
  return {
    groups: list(groupby)
      .map(columnLabel)
      .filter((c): c is string => c !== null),
    metrics: [...new Set(list(metrics).map(metricLabel))].filter((m): m is string => m !== null),
  };
}

export const groupText = (v: unknown): string => (v === null || v === undefined ? NULL_STRING : String(v));

/** Group tuples in pandas' column order: element by element, numbers by value, text by code point. */
function compareTuples(a: unknown[], b: unknown[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i];
    const y = b[i];
    if (x === y) continue;
    if (x === null || x === undefined) return 1;
    if (y === null || y === undefined) return -1;
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    const sx = String(x);
    const sy = String(y);
    if (sx !== sy) return sx < sy ? -1 : 1;
  }
  return 0;
}

/** Rows → one series per metric and group (metrics in the order chosen, groups sorted), on the sorted timestamps. */
export function pivotLegacyTimeseries(rows: Record<string, unknown>[], groups: string[], metrics: string[]): LegacyPivot {
  const timestamps = [...new Set(rows.map((r) => toNumber(r[DTTM_ALIAS])).filter((t): t is number => t !== null))].sort((a, b) => a - b);
  const position = new Map(timestamps.map((t, i) => [t, i]));
  const tuples = new Map<string, unknown[]>();
  const cells = new Map<string, (number | null)[]>();
  for (const row of rows) {
    const t = toNumber(row[DTTM_ALIAS]);
    if (t === null) continue;
    const tuple = groups.map((g) => row[g] ?? null);
    const key = JSON.stringify(tuple);
    if (!tuples.has(key)) tuples.set(key, tuple);
    for (const m of metrics) {
      const cellKey = `${m}\u0000${key}`;
      let values = cells.get(cellKey);
      if (!values) {
        values = timestamps.map(() => null);
        cells.set(cellKey, values);
      }
      values[position.get(t)!] = toNumber(row[m]);
    }
  }
  const sorted = [...tuples.entries()].sort((a, b) => compareTuples(a[1], b[1]));
  const series: LegacySeries[] = [];
  for (const m of metrics) {
    for (const [key, tuple] of sorted) {
      series.push({
        metric: m,
        groupValues: tuple,
        groupLabels: tuple.map(groupText),
        values: cells.get(`${m}\u0000${key}`) ?? timestamps.map(() => null),
      });
    }
  }
  return { timestamps, series };
}

/**
 * "Contribution": each value as its share of the total of its metric's series at that time (the
 * BI server divided each row of the pivot by the row's sum).
 */
export function toContribution(pivot: LegacyPivot): LegacyPivot {
  const totals = new Map<string, number[]>();
  for (const s of pivot.series) {
    const sum = totals.get(s.metric) ?? pivot.timestamps.map(() => 0);
    s.values.forEach((v, i) => {
      if (v !== null) sum[i] += v;
    });
    totals.set(s.metric, sum);
  }
  return {
    timestamps: pivot.timestamps,
    series: pivot.series.map((s) => {
      const sum = totals.get(s.metric)!;
      return { ...s, values: s.values.map((v, i) => (v === null || sum[i] === 0 ? null : v / sum[i])) };
    }),
  };
}
