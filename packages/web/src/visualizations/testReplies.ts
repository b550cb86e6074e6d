/** Test support: query replies shaped as /api/v1/chart/data answers, and datasources, for the visualization tests. */
import type { ChartDataQueryResult, ExploreDatasource, GenericDataType } from '@rama/shared';

/** A column's type from its first non-null value: a number is numeric (0), anything else text (1). */
const inferredType = (rows: Record<string, unknown>[], column: string): GenericDataType =>
  typeof rows.map((row) => row[column]).find((v) => v !== null && v !== undefined) === 'number' ? 0 : 1;

/**
 * A successful reply of `rows`. coltypes (0 numeric, 1 text, 2 temporal) are given one per column, or
 * by a rule on the column's name, or inferred from the first non-null value of each column. `extra`
 * (label_map, from_dttm, query, status…) is merged last.
 */
export function reply(
  rows: Record<string, unknown>[],
  colnames: string[],
  coltypes: GenericDataType[] | ((column: string) => GenericDataType) = (c) => inferredType(rows, c),
  extra: Partial<ChartDataQueryResult> = {},
): ChartDataQueryResult {
  return {
    cache_key: null,
    cached_dttm: null,
    cache_timeout: null,
    is_cached: false,
    query: '',
    status: 'success',
    error: null,
    rowcount: rows.length,
    colnames,
    coltypes: typeof coltypes === 'function' ? colnames.map(coltypes) : coltypes,
    data: rows,
    applied_filters: [],
    rejected_filters: [],
    from_dttm: null,
    to_dttm: null,
    ...extra,
  };
}

/** A datasource with verbose names and metric formats, as the explore endpoint gives it. */
export function datasourceWith(verbose: Record<string, string>, formats: Record<string, string> = {}): ExploreDatasource {
  return {
    verbose_map: verbose,
    column_formats: formats,
    metrics: Object.entries(formats).map(([metric_name, d3format]) => ({ metric_name, d3format })),
    columns: [],
  } as unknown as ExploreDatasource;
}
