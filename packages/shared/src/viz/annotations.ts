/**
 * Annotation queries (spec section 3 "Annotation layer", section 4 "Annotation query"): an event,
 * interval or time-series layer read from another saved chart runs that chart's query, with what
 * the layer's `overrides` take from the chart it is drawn on, and with the dashboard filters that
 * reach that chart. A layer's rows are read along the chart's x axis the way the chart types read
 * it (buildQueryHelpers.ts), so these rules sit with the chart types.
 */
import type { AdhocFilter } from '../charts/formData.js';
import { xAxisLabel } from './buildQueryHelpers.js';
import type { QueryFormData } from './types.js';

/**
 * The override keys the peer's layers carry. `since` / `until` are the peer's older time-range
 * keys: either one means "override the time range".
 */
export const ANNOTATION_OVERRIDE_KEYS = ['time_range', 'granularity', 'granularity_sqla', 'time_grain_sqla', 'time_shift'] as const;
export type AnnotationOverrideKey = (typeof ANNOTATION_OVERRIDE_KEYS)[number];

/** Most layers a chart queries (event, interval and time-series layers from saved charts). */
export const MAX_QUERIED_ANNOTATION_LAYERS = 10;

/** Viz types a time-series layer may take its series from: the single-query timeseries family. */
export const TIME_SERIES_ANNOTATION_SOURCES: ReadonlySet<string> = new Set([
  'line',
  'echarts_timeseries',
  'echarts_timeseries_line',
  'echarts_timeseries_smooth',
  'echarts_timeseries_step',
  'echarts_timeseries_bar',
  'echarts_timeseries_scatter',
  'echarts_area',
]);

/** Can a chart of this viz type be the source of a layer of this annotation type? */
export function isAnnotationSourceVizType(annotationType: string, vizType: string): boolean {
  if (annotationType === 'TIME_SERIES') return TIME_SERIES_ANNOTATION_SOURCES.has(vizType);
  return annotationType === 'EVENT' || annotationType === 'INTERVAL';
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : undefined);

/**
 * A layer's overrides as the peer reads them: only the known keys; `since` or `until` stand for
 * `time_range`. Each value is null ("take the main chart's value") or the value itself.
 */
export function normalizedOverrides(overrides: unknown): Partial<Record<AnnotationOverrideKey, unknown>> {
  if (!isObject(overrides)) return {};
  const out: Partial<Record<AnnotationOverrideKey, unknown>> = {};
  for (const key of ANNOTATION_OVERRIDE_KEYS) if (key in overrides) out[key] = overrides[key] ?? null;
  if (('since' in overrides || 'until' in overrides) && !('time_range' in out)) out.time_range = null;
  return out;
}

/** The time range a chart asks for: its time-range filter's comparator, else `time_range`, else none. */
export function effectiveTimeRange(fd: QueryFormData): string {
  const filters = Array.isArray(fd.adhoc_filters) ? (fd.adhoc_filters as AdhocFilter[]) : [];
  const temporal = filters.find(
    (f) => isObject(f) && f.expressionType === 'SIMPLE' && f.operator === 'TEMPORAL_RANGE' && typeof f.comparator === 'string',
  );
  return (temporal?.comparator as string | undefined) ?? text(fd.time_range) ?? 'No filter';
}

/** The time column a chart filters on: `granularity_sqla`, else `granularity`, else its x axis (a column name). */
const timeColumnOf = (fd: QueryFormData): string | undefined =>
  text(fd.granularity_sqla) ?? text(fd.granularity) ?? (typeof fd.x_axis === 'string' ? text(fd.x_axis) : undefined);

/**
 * `fd` asking for the time range `range`: its time-range filters take it, or, when it has none, a
 * time-range filter on its time column is added (the form data's `time_range` is set either way).
 */
function withTimeRange(fd: QueryFormData, range: string): QueryFormData {
  const filters = Array.isArray(fd.adhoc_filters) ? (fd.adhoc_filters as AdhocFilter[]) : [];
  let found = false;
  const adhoc = filters.map((f) => {
    if (!isObject(f) || f.operator !== 'TEMPORAL_RANGE') return f;
    found = true;
    return { ...f, comparator: range };
  });
  const column = timeColumnOf(fd);
  if (!found && column && range !== 'No filter') {
    adhoc.push({ expressionType: 'SIMPLE', subject: column, operator: 'TEMPORAL_RANGE', comparator: range, clause: 'WHERE' });
  }
  return { ...fd, adhoc_filters: adhoc, time_range: range };
}

/** "1 week" → "1 week ago"; a shift already saying its direction stays as it is. */
export function timeShiftOffset(shift: string): string {
  const s = shift.trim();
  return /\b(ago|before|prior|later|after|hence|from now)\s*$/i.test(s) ? s : `${s} ago`;
}

/**
 * The form data an annotation layer's query runs (the rule "overrides"):
 * - it starts from the source chart's saved form data;
 * - an override key with value null takes the main chart's value (time range: the main chart's
 *   effective range, written into the source's time-range filters; granularity: its time column;
 *   time grain; time shift), a key with a value takes that value, an absent key leaves the
 *   source's own;
 * - a time shift (e.g. "1 week") asks for the source's series shifted forward by it: a time
 *   comparison of kind 'values' at that offset (`annotationShiftedRows` keeps the shifted series);
 * - the main chart's `extra_form_data` (what the dashboard's filters ask of it) is merged in;
 * - the source's own annotation layers are not run.
 */
export function annotationQueryFormData(
  source: QueryFormData,
  main: QueryFormData,
  overrides: unknown,
  options: { sliceId?: number } = {},
): QueryFormData {
  const o = normalizedOverrides(overrides);
  let fd: QueryFormData = { ...source, annotation_layers: [] };
  if (options.sliceId !== undefined) fd.slice_id = options.sliceId;
  delete fd.extra_form_data;
  if ('time_range' in o) fd = withTimeRange(fd, text(o.time_range) ?? effectiveTimeRange(main));
  const column = (v: unknown) => text(v) ?? timeColumnOf(main);
  if ('granularity_sqla' in o || 'granularity' in o) {
    const col = column(o.granularity_sqla ?? o.granularity);
    if (col) fd.granularity_sqla = col;
  }
  if ('time_grain_sqla' in o) {
    const grain = text(o.time_grain_sqla) ?? text(main.time_grain_sqla);
    if (grain) fd.time_grain_sqla = grain;
    else delete fd.time_grain_sqla;
  }
  const shift = 'time_shift' in o ? (text(o.time_shift) ?? text(main.time_shift)) : undefined;
  if (shift) {
    fd.time_shift = shift;
    fd.time_compare = [timeShiftOffset(shift)];
    fd.comparison_type = 'values';
    // the shifted series keep their metric's name (not the shift's)
    fd.truncate_metric = false;
  } else {
    delete fd.time_shift;
  }
  const extra = main.extra_form_data;
  if (isObject(extra) && Object.keys(extra).length) fd.extra_form_data = extra;
  return fd;
}

/**
 * A shifted annotation query's rows keep only the shifted series, named like the unshifted ones:
 * the x column, and `metric__<offset>` (or `metric__<offset>, dimension…`) as `metric` (or
 * `metric, dimension…`). Rows of a query without a shift are returned as they are.
 */
export function annotationShiftedRows(fd: QueryFormData, rows: readonly Record<string, unknown>[]): Record<string, unknown>[] {
  const shift = text(fd.time_shift);
  if (!shift) return rows as Record<string, unknown>[];
  const suffix = `__${timeShiftOffset(shift)}`;
  const x = xAxisLabel(fd);
  return rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(row)) {
      if (key === x) out[key] = value;
      else {
        const at = key.indexOf(suffix);
        if (at > 0) out[key.slice(0, at) + key.slice(at + suffix.length)] = value;
      }
    }
    return out;
  });
}

/** One series of a time-series layer, in the peer's annotation data shape. */
export interface TimeseriesAnnotationSeries {
  key: string;
  values: { x: unknown; y: number | null }[];
}

/** Most series one time-series layer draws. */
export const MAX_ANNOTATION_SERIES = 100;

/**
 * A time-series layer's data as the peer holds it: one `{key, values: [{x, y}]}` per series of the
 * source chart's rows (every column but its x axis), x being the row's x value.
 */
export function timeseriesAnnotationResult(fd: QueryFormData, rows: readonly Record<string, unknown>[]): TimeseriesAnnotationSeries[] {
  const x = xAxisLabel(fd) ?? '__timestamp';
  const keys: string[] = [];
  const seen = new Set<string>([x]);
  for (const row of rows) {
    for (const key of Object.keys(row)) {
      if (seen.has(key)) continue;
      seen.add(key);
      if (keys.length < MAX_ANNOTATION_SERIES) keys.push(key);
    }
  }
  return keys.map((key) => ({
    key,
    values: rows.map((row) => {
      const y = row[key];
      return { x: row[x], y: typeof y === 'number' && Number.isFinite(y) ? y : null };
    }),
  }));
}
