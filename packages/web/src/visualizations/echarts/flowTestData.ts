/** Query replies for the flow family's transformProps tests, shaped as /api/v1/chart/data answers. */
import type { ChartDataQueryResult, ExploreDatasource } from '@rama/shared';

/** A reply of `rows`; coltypes: 0 numeric, 1 text, 2 temporal. */
export function reply(
  rows: Record<string, unknown>[],
  colnames: string[],
  coltypes: number[],
  labelMap?: Record<string, string[]>,
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
    coltypes,
    data: rows,
    applied_filters: [],
    rejected_filters: [],
    from_dttm: null,
    to_dttm: null,
    ...(labelMap ? { label_map: labelMap } : {}),
  } as ChartDataQueryResult;
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
