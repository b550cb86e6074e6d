/**
 * One query of the mixed chart as series: its settings (query B's end in `B`), its data columns
 * ordered by the "sort series" choice, and their values along the x values both queries share.
 * Pure; transformProps draws them.
 */
import { GenericDataType, toDate, type ChartDataQueryResult, type QueryFormData } from '@rama/shared';
import { bool, num, str, toNumber } from '../utils';
import { aggregate, seriesKindOf, xColumnOf, type SeriesKind } from '../timeseries/series';

/** A query's series settings, read from the plain controls (query A) or their `B` twins (query B). */
export interface QuerySettings {
  kind: SeriesKind;
  stack: boolean;
  showValue: boolean;
  onlyTotal: boolean;
  opacity: number;
  markerEnabled: boolean;
  markerSize: number;
  yAxisIndex: 0 | 1;
  sortType: string;
  sortAscending: boolean;
}

export function querySettings(fd: QueryFormData, query: 0 | 1): QuerySettings {
  const get = (name: string) => fd[query === 0 ? name : `${name}B`];
  const seriesType = str(get('seriesType'), 'line');
  return {
    kind: seriesKindOf({ ...fd, viz_type: 'echarts_timeseries', seriesType, area: get('area') }),
    stack: bool(get('stack'), false),
    showValue: bool(get('show_value'), false),
    onlyTotal: bool(get('only_total'), true),
    opacity: num(get('opacity'), 0.2),
    markerEnabled: bool(get('markerEnabled'), false),
    markerSize: num(get('markerSize'), 6),
    yAxisIndex: num(get('yAxisIndex'), 0) === 1 ? 1 : 0,
    sortType: str(get('sort_series_type'), 'sum'),
    sortAscending: bool(get('sort_series_ascending'), false),
  };
}

export type XKind = 'time' | 'value' | 'category';

/** The x axis both queries share: its kind (from the first reply that has the column) and its values in order. */
export function sharedXValues(
  fd: QueryFormData,
  replies: ChartDataQueryResult[],
): { xKind: XKind; xs: (number | string)[]; raw: unknown[] } {
  let xKind: XKind = 'category';
  for (const r of replies) {
    const col = xColumnOf(fd, r?.colnames ?? []);
    const type = col === null ? undefined : r.coltypes[r.colnames.indexOf(col)];
    if (type === undefined) continue;
    xKind = type === GenericDataType.TEMPORAL ? 'time' : type === GenericDataType.NUMERIC ? 'value' : 'category';
    break;
  }
  const seen = new Map<number | string, unknown>();
  for (const r of replies) {
    const col = xColumnOf(fd, r?.colnames ?? []);
    if (col === null) continue;
    for (const row of r.data ?? []) {
      const key = xKeyOf(xKind, row[col]);
      if (key !== null && !seen.has(key)) seen.set(key, xKind === 'category' ? (row[col] ?? null) : key);
    }
  }
  const xs = [...seen.keys()];
  // numbers and times read left to right; categories keep the order the queries gave them
  if (xKind !== 'category') xs.sort((a, b) => (a as number) - (b as number));
  return { xKind, xs, raw: xs.map((x) => seen.get(x)) };
}

/** An x cell as the axis holds it: epoch ms, a number, or the category's text; null when it cannot be plotted. */
export function xKeyOf(xKind: XKind, v: unknown): number | string | null {
  if (xKind === 'time') return toDate(v as never)?.getTime() ?? null;
  if (xKind === 'value') return toNumber(v);
  return v === null || v === undefined ? 'NULL' : String(v);
}

export interface RawSeries {
  /** the reply's column */
  column: string;
  /** one value per shared x value */
  values: (number | null)[];
}

/** A reply's data columns as series along the shared x values, in the chosen series order. */
export function seriesOfReply(
  fd: QueryFormData,
  reply: ChartDataQueryResult | undefined,
  xKind: XKind,
  xs: (number | string)[],
  settings: QuerySettings,
): RawSeries[] {
  if (!reply) return [];
  const xCol = xColumnOf(fd, reply.colnames);
  const index = new Map(xs.map((x, i) => [x, i]));
  const columns = reply.colnames.filter((c) => c !== xCol);
  const out = columns.map((column): RawSeries => {
    const values = new Array<number | null>(xs.length).fill(null);
    for (const row of reply.data ?? []) {
      const i = index.get(xKeyOf(xKind, xCol === null ? null : row[xCol]) ?? '');
      if (i !== undefined) values[i] = toNumber(row[column]);
    }
    return { column, values };
  });
  const dir = settings.sortAscending ? 1 : -1;
  if (settings.sortType === 'name') out.sort((a, b) => a.column.localeCompare(b.column, undefined, { numeric: true }) * dir);
  else out.sort((a, b) => (aggregate(a.values, settings.sortType) - aggregate(b.values, settings.sortType)) * dir);
  return out;
}
