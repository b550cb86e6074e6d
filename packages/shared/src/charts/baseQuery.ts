/**
 * The query object every chart type's buildQuery starts from (the BI server's buildQueryObject):
 * form data with the dashboard's `extra_form_data` merged in, read into filters, time range,
 * extras, series limit and ordering flags. It sits with the form data rules rather than with the
 * chart types (viz/) because a native filter's options query (filters/cascade.ts) starts from it
 * too; the chart types take it from viz/buildQueryHelpers.ts with their other helpers.
 */
import type { QueryObject } from '../api/chartData.js';
import { type AdhocFilter, type QueryFormData, queryObjectFromFormData } from './formData.js';

/** A form data value as a list: a list as is, nothing (undefined, null, '') as none, else one entry. */
export const ensureArray = <T>(v: unknown): T[] =>
  Array.isArray(v) ? (v as T[]) : v === undefined || v === null || v === '' ? [] : [v as T];

const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/**
 * A dashboard's native filters and cross-filters reach a chart as `extra_form_data`: its
 * adhoc filters are added, and its time range, grain and time column override the chart's own.
 * The chart's own time-range filters take the dashboard's range so that the dashboard wins.
 */
export function withExtraFormData(fd: QueryFormData): QueryFormData {
  const extra = (fd.extra_form_data ?? {}) as Record<string, unknown>;
  const timeRange = text(extra.time_range);
  let adhoc = ensureArray<AdhocFilter>(fd.adhoc_filters);
  if (timeRange) adhoc = adhoc.map((f) => (f.operator === 'TEMPORAL_RANGE' ? { ...f, comparator: timeRange } : f));
  adhoc = [...adhoc, ...ensureArray<AdhocFilter>(extra.adhoc_filters).map((f) => ({ ...f, isExtra: true }))];
  const out: QueryFormData = { ...fd, adhoc_filters: adhoc };
  if (timeRange) out.time_range = timeRange;
  const grain = text(extra.time_grain_sqla);
  if (grain) out.time_grain_sqla = grain;
  const timeColumn = text(extra.granularity_sqla) ?? text(extra.time_column);
  if (timeColumn) out.granularity_sqla = timeColumn;
  return out;
}

/** The time range a chart asks for: its time-range filter's, else the form data's, else none. */
function timeRangeOf(fd: QueryFormData): string {
  const temporal = ensureArray<AdhocFilter>(fd.adhoc_filters).find(
    (f) => f.expressionType === 'SIMPLE' && f.operator === 'TEMPORAL_RANGE' && typeof f.comparator === 'string',
  );
  return (temporal?.comparator as string | undefined) ?? text(fd.time_range) ?? 'No filter';
}

/**
 * The query object every type starts from (the BI server's buildQueryObject): filters, time range,
 * extras, series limit, ordering flags. Each type then sets its own columns and metrics.
 */
export function baseQueryObject(formData: QueryFormData): QueryObject {
  const fd = withExtraFormData(formData);
  const q = queryObjectFromFormData(fd);
  const extras = { ...q.extras };
  if (extras.time_grain_sqla === undefined) delete extras.time_grain_sqla;
  const rowLimit = Number(fd.row_limit);
  const seriesLimit = Number(fd.series_limit ?? fd.limit);
  return {
    ...q,
    time_range: timeRangeOf(fd),
    extras,
    // `is_timeseries` is the legacy `__timestamp` axis; types with an x axis send it as a column.
    is_timeseries: false,
    orderby: [],
    row_limit: Number.isFinite(rowLimit) && fd.row_limit !== null && fd.row_limit !== '' ? rowLimit : undefined,
    series_limit: Number.isFinite(seriesLimit) && seriesLimit > 0 ? seriesLimit : 0,
    annotation_layers: ensureArray(fd.annotation_layers),
    applied_time_extras: (fd.applied_time_extras as Record<string, string> | undefined) ?? {},
    custom_params: {},
    custom_form_data: {},
  };
}
