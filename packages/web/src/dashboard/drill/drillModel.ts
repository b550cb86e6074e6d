/**
 * Drilling on a dashboard chart (issue 13 part 5), as pure functions: the point a right click is
 * on → adhoc filters (a time value widened to its time-grain bucket), the drill-to-detail query
 * (the chart's filters plus the point's, rows as they are, one page at a time), the drill-by form
 * data (the chart regrouped by another column), and the breadcrumb of nested drill-bys.
 */
import {
  GenericDataType,
  NULL_VALUE_TEXT,
  getTimeFormatter,
  grainBucket,
  getVizDefinition,
  type AdhocFilter,
  type ExploreDatasource,
  type ExploreDatasourceColumn,
  type QueryContext,
  type QueryFormData,
} from '@rama/shared';
import type { ChartContextPoint } from '../../visualizations/types';

export type DrillFilter = ChartContextPoint['filters'][number];

/** Rows a drill-to-detail page shows. */
export const DRILL_DETAIL_PAGE_SIZE = 50;

/** What the drill needs to know of the dataset: which columns hold times, and the chart's time grain. */
export interface DrillOptions {
  temporalColumns: ReadonlySet<string>;
  /** the grain the chart groups times by (the dashboard's override first); null: times as they are */
  timeGrain: string | null;
}

const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null || v === '' ? [] : [v]);
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);

export function temporalColumnsOf(datasource: ExploreDatasource | null): Set<string> {
  return new Set(
    (datasource?.columns ?? []).filter((c) => c.is_dttm || c.type_generic === GenericDataType.TEMPORAL).map((c) => c.column_name),
  );
}

/** The chart's time grain: a dashboard time-grain filter's, else the chart's own. */
export function timeGrainOf(formData: QueryFormData): string | null {
  const extra = (formData.extra_form_data ?? {}) as Record<string, unknown>;
  return text(extra.time_grain_sqla) ?? text(formData.time_grain_sqla);
}

export function drillOptionsOf(formData: QueryFormData, datasource: ExploreDatasource | null): DrillOptions {
  return { temporalColumns: temporalColumnsOf(datasource), timeGrain: timeGrainOf(formData) };
}

/** A time as the server reads it in a filter: naive ISO in UTC, milliseconds only when there are some. */
export function isoTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.000Z$|Z$/, '');
}

const simple = (subject: string, operator: string, comparator?: unknown): AdhocFilter => ({
  expressionType: 'SIMPLE',
  subject,
  operator,
  ...(comparator === undefined ? {} : { comparator }),
  clause: 'WHERE',
});

/**
 * The adhoc filters that isolate a point: `col = val` per dimension, `IS NULL` for a missing
 * value, and for a time of a chart with a time grain the grain's bucket as `>=` / `<` (the
 * bucket start alone would match only the rows at that instant).
 */
export function drillAdhocFilters(filters: readonly DrillFilter[], opts: DrillOptions): AdhocFilter[] {
  return filters.flatMap((f): AdhocFilter[] => {
    if (f.val === null || f.val === undefined) return [simple(f.col, 'IS NULL')];
    if (opts.temporalColumns.has(f.col) && typeof f.val === 'number') {
      const bucket = opts.timeGrain ? grainBucket(f.val, opts.timeGrain) : null;
      if (bucket) return [simple(f.col, '>=', isoTime(bucket.since)), simple(f.col, '<', isoTime(bucket.until))];
      return [simple(f.col, '==', isoTime(f.val))];
    }
    return [simple(f.col, '==', f.val)];
  });
}

/** The form data with the point's filters added to the chart's adhoc filters. */
export function withDrillFilters(formData: QueryFormData, filters: readonly DrillFilter[], opts: DrillOptions): QueryFormData {
  return { ...formData, adhoc_filters: [...(list(formData.adhoc_filters) as AdhocFilter[]), ...drillAdhocFilters(filters, opts)] };
}

// ---- drill to detail ---------------------------------------------------------------------------

/**
 * The rows behind a point (or the whole chart): the chart's filters (adhoc, time range, the
 * dashboard's extra_form_data) plus the point's, read as a raw table. HAVING clauses filter
 * aggregates, which rows do not have.
 */
export function drillDetailFormData(formData: QueryFormData, filters: readonly DrillFilter[], opts: DrillOptions): QueryFormData {
  const adhoc = (list(formData.adhoc_filters) as AdhocFilter[]).filter((f) => f.clause !== 'HAVING');
  return withDrillFilters(
    {
      ...formData,
      viz_type: 'table',
      query_mode: 'raw',
      all_columns: [],
      groupby: [],
      metrics: [],
      percent_metrics: [],
      order_by_cols: [],
      server_pagination: false,
      show_totals: false,
      adhoc_filters: adhoc,
    },
    filters,
    opts,
  );
}

/**
 * POST /api/v1/chart/data with `result_type: drill_detail`: one page of rows (`row_limit`,
 * `row_offset`); the server answers the page with `total_count`, the rows the filters match.
 */
export function drillDetailQueryContext(
  formData: QueryFormData,
  filters: readonly DrillFilter[],
  opts: DrillOptions,
  page: number,
  force = false,
): QueryContext {
  const definition = getVizDefinition('table');
  if (!definition) throw new Error('Unknown visualization type: table');
  const qc = definition.buildQuery(drillDetailFormData(formData, filters, opts));
  const q = { ...qc.queries[0] };
  delete q.row_offset;
  const offset = Math.max(0, Math.trunc(page)) * DRILL_DETAIL_PAGE_SIZE;
  return {
    ...qc,
    force,
    result_type: 'drill_detail',
    result_format: 'json',
    queries: [
      {
        ...q,
        columns: [],
        orderby: [],
        post_processing: [],
        is_timeseries: false,
        series_limit: 0,
        row_limit: DRILL_DETAIL_PAGE_SIZE,
        // the first page sends no offset: the server reads a row_offset of 0 as "no limit" (past every row)
        ...(offset > 0 ? { row_offset: offset } : {}),
        extras: { ...q.extras, having: '' },
      },
    ],
  };
}

const fullTime = getTimeFormatter('%Y-%m-%d %H:%M:%S');

/** A detail cell's text: times in full, N/A for a missing value, structures as JSON. */
export function detailCellText(value: unknown, coltype: number | undefined): string {
  if (value === null || value === undefined) return NULL_VALUE_TEXT;
  if (coltype === GenericDataType.TEMPORAL && (typeof value === 'number' || typeof value === 'string')) return fullTime(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A point filter's tag: `origin = SEA`, with the column's verbose name and the value as the chart showed it. */
export function filterTagText(f: DrillFilter, nameOf: (col: string) => string = (c) => c): string {
  const value = f.formattedVal ?? (f.val === null || f.val === undefined ? NULL_VALUE_TEXT : String(f.val));
  return `${nameOf(f.col)} = ${value}`;
}

/** The dataset's name for a column: its verbose name when it has one. */
export function columnNamer(datasource: ExploreDatasource | null): (col: string) => string {
  const byName = new Map((datasource?.columns ?? []).map((c) => [c.column_name, columnDisplayName(c)]));
  return (col) => byName.get(col) ?? col;
}

/**
 * What "Add cross-filter" on a point filters: its values, except times of a chart with a grain
 * (a bucket start is not a value rows hold). null when nothing is left.
 */
export function pointCrossFilter(filters: readonly DrillFilter[], opts: DrillOptions): Record<string, unknown[]> | null {
  const out: Record<string, unknown[]> = {};
  for (const f of filters) {
    if (opts.timeGrain && opts.temporalColumns.has(f.col)) continue;
    out[f.col] = [...(out[f.col] ?? []), f.val ?? null];
  }
  return Object.keys(out).length ? out : null;
}

// ---- drill by ----------------------------------------------------------------------------------

const TIMESERIES_TYPES = new Set([
  'echarts_timeseries',
  'echarts_timeseries_line',
  'echarts_timeseries_bar',
  'echarts_timeseries_scatter',
  'echarts_timeseries_smooth',
  'echarts_timeseries_step',
  'echarts_area',
]);

const columnNames = (v: unknown): string[] => list(v).filter((c): c is string => typeof c === 'string' && c !== '');

/** The dataset columns the chart already groups by (its x axis, dimensions, rows and columns). */
export function chartDimensions(formData: QueryFormData): string[] {
  const dims = [
    ...columnNames(formData.x_axis),
    ...columnNames(formData.groupby),
    ...columnNames(formData.groupbyRows),
    ...columnNames(formData.groupbyColumns),
    ...columnNames(formData.columns),
  ];
  return [...new Set(dims)];
}

/** The form data of the chart regrouped by `column`, or null when its type cannot be regrouped. */
export function regroupedFormData(
  formData: QueryFormData,
  column: string,
  filteredColumns: readonly string[],
  opts: DrillOptions,
): QueryFormData | null {
  const vizType = String(formData.viz_type ?? '');
  if (TIMESERIES_TYPES.has(vizType)) {
    const x = columnNames(formData.x_axis ?? formData.granularity_sqla)[0] ?? null;
    // series by the new column over the same time axis; a chart of categories gets new categories
    if (list(formData.groupby).length > 0 || x === null || opts.temporalColumns.has(x)) return { ...formData, groupby: [column] };
    const regrouped: QueryFormData = {
      ...formData,
      x_axis: column,
      x_axis_sort: formData.x_axis_sort === x ? undefined : formData.x_axis_sort,
    };
    // a time axis by the instant would draw a bar per row: by day unless the chart has a grain
    if (opts.temporalColumns.has(column) && !timeGrainOf(formData)) regrouped.time_grain_sqla = 'P1D';
    return regrouped;
  }
  if (vizType === 'pie') return { ...formData, groupby: [column] };
  if (vizType === 'table') {
    // rows as they are have nothing to regroup
    if (formData.query_mode === 'raw' || (formData.query_mode !== 'aggregate' && list(formData.all_columns).length > 0)) return null;
    return { ...formData, groupby: [column], server_pagination: false };
  }
  if (vizType === 'pivot_table_v2') {
    const onColumns = columnNames(formData.groupbyColumns);
    const onRows = columnNames(formData.groupbyRows);
    const fromColumns = filteredColumns.some((c) => onColumns.includes(c)) && !filteredColumns.some((c) => onRows.includes(c));
    return fromColumns ? { ...formData, groupbyColumns: [column] } : { ...formData, groupbyRows: [column] };
  }
  if (list(formData.groupby).length > 0) return { ...formData, groupby: [column] };
  return null;
}

export function canDrillBy(formData: QueryFormData): boolean {
  return regroupedFormData(formData, '__probe__', [], { temporalColumns: new Set(), timeGrain: null }) !== null;
}

/** The columns a chart can be drilled by: the dataset's groupable ones it does not already group by, by name. */
export function drillByColumns(datasource: ExploreDatasource | null, formData: QueryFormData): ExploreDatasourceColumn[] {
  const taken = new Set(chartDimensions(formData));
  return (datasource?.columns ?? [])
    .filter((c) => c.groupby && !taken.has(c.column_name))
    .sort((a, b) => columnDisplayName(a).localeCompare(columnDisplayName(b)));
}

export const columnDisplayName = (c: Pick<ExploreDatasourceColumn, 'column_name' | 'verbose_name'>): string =>
  c.verbose_name?.trim() || c.column_name;

/** The columns whose name or verbose name holds the search text (any case). */
export function searchColumns(columns: readonly ExploreDatasourceColumn[], search: string): ExploreDatasourceColumn[] {
  const s = search.trim().toLowerCase();
  if (!s) return [...columns];
  return columns.filter((c) => c.column_name.toLowerCase().includes(s) || (c.verbose_name ?? '').toLowerCase().includes(s));
}

/** One drill-by: the column chosen and the point it was chosen on. */
export interface DrillByStep {
  column: string;
  filters: DrillFilter[];
}

/**
 * The form data after the drill-bys in order: each adds its point's filters and regroups by its
 * column. Annotation layers stay behind (their data belongs to the chart as it was).
 */
export function drillByFormData(formData: QueryFormData, steps: readonly DrillByStep[], opts: DrillOptions): QueryFormData | null {
  let fd: QueryFormData | null = { ...formData, annotation_layers: [] };
  for (const step of steps) {
    if (!fd) return null;
    fd = regroupedFormData(
      withDrillFilters(fd, step.filters, opts),
      step.column,
      step.filters.map((f) => f.col),
      opts,
    );
  }
  return fd;
}

export interface DrillCrumb {
  label: string;
  /** the drill-bys to keep when it is clicked (going back to that level); null: not clickable */
  keep: number | null;
}

/** `origin (SEA)`, `date (2023-02), origin (SEA)`: the values a drill was on, by column. */
export function filtersLabel(filters: readonly DrillFilter[], nameOf: (col: string) => string = (c) => c): string {
  const byCol = new Map<string, string[]>();
  for (const f of filters) byCol.set(f.col, [...(byCol.get(f.col) ?? []), f.formattedVal ?? String(f.val)]);
  return [...byCol].map(([col, vals]) => `${nameOf(col)} (${vals.join(', ')})`).join(', ');
}

/**
 * The breadcrumb over a drill-by modal: `<chart> > origin (SEA) > carrier`, and after drilling
 * again inside it `<chart> > origin (SEA) > carrier (AA) > dest`. A middle level goes back to
 * that drill-by; the chart, its point and the level shown are not links.
 */
export function drillByBreadcrumbs(
  chartName: string,
  steps: readonly DrillByStep[],
  nameOf: (col: string) => string = (c) => c,
): DrillCrumb[] {
  const crumbs: DrillCrumb[] = [{ label: chartName, keep: null }];
  if (!steps.length) return crumbs;
  if (steps[0].filters.length) crumbs.push({ label: filtersLabel(steps[0].filters, nameOf), keep: null });
  steps.forEach((step, i) => {
    const next = steps[i + 1];
    if (!next) {
      crumbs.push({ label: nameOf(step.column), keep: null });
      return;
    }
    const own = next.filters.filter((f) => f.col === step.column);
    const label = own.length
      ? filtersLabel(own, nameOf)
      : next.filters.length
        ? `${nameOf(step.column)} (${filtersLabel(next.filters, nameOf)})`
        : nameOf(step.column);
    crumbs.push({ label, keep: i + 1 });
  });
  return crumbs;
}
