/**
 * Annotation queries (spec section 4 "Annotation query"): event, interval and time-series layers
 * read from a saved chart run that chart's query, with the layer's overrides and the filters that
 * reach the main chart (the shared rule `annotationQueryFormData`).
 */
import {
  annotationQueryFormData,
  annotationShiftedRows,
  jsonObject,
  MAX_QUERIED_ANNOTATION_LAYERS,
  normalizedOverrides,
  timeseriesAnnotationResult,
  type ChartDetail,
  type ItemReply,
  type QueryFormData,
} from '@rama/shared';
import { request } from '../core/api';
import { buildQueryContext, fetchChartData, fetchSavedChartData } from './exploreApi';

/** Which annotation layers need a query of their own. */
export interface QueriedAnnotationLayer {
  name: string;
  annotationType: 'EVENT' | 'INTERVAL' | 'TIME_SERIES';
  chartId: number;
  overrides: unknown;
}

const QUERIED_TYPES = new Set(['EVENT', 'INTERVAL', 'TIME_SERIES']);

/**
 * Event, interval and time-series layers read a saved chart's data; formula layers are drawn from
 * their expression; native layers (source NATIVE) come back with the chart's own data, in its
 * `annotation_data`, so they need no query here. At most MAX_QUERIED_ANNOTATION_LAYERS layers are
 * queried (the first shown ones): form data naming more does not make the app run more queries.
 */
export function queriedAnnotationLayers(value: unknown): QueriedAnnotationLayer[] {
  if (!Array.isArray(value)) return [];
  const out: QueriedAnnotationLayer[] = [];
  for (const item of value as unknown[]) {
    if (out.length >= MAX_QUERIED_ANNOTATION_LAYERS) break;
    if (!item || typeof item !== 'object') continue;
    const layer = item as Record<string, unknown>;
    if (layer.show === false) continue;
    if (typeof layer.annotationType !== 'string' || !QUERIED_TYPES.has(layer.annotationType)) continue;
    if (layer.sourceType === 'NATIVE') continue;
    const chartId = Number(layer.value);
    if (typeof layer.name !== 'string' || !layer.name || !Number.isInteger(chartId) || chartId < 1) continue;
    out.push({
      name: layer.name,
      annotationType: layer.annotationType as QueriedAnnotationLayer['annotationType'],
      chartId,
      overrides: layer.overrides,
    });
  }
  return out;
}

/** A saved chart's form data: its params with its viz type, datasource and id. */
export function savedChartFormData(detail: ChartDetail): QueryFormData {
  const params = jsonObject(detail.params);
  return {
    ...params,
    viz_type: detail.viz_type,
    datasource: `${detail.datasource_id}__${detail.datasource_type}`,
    slice_id: detail.id,
  };
}

export interface AnnotationQueryOptions {
  signal?: AbortSignal;
  force?: boolean;
  timeoutMs?: number;
}

/**
 * One layer's data. A layer with no override and no dashboard filter reads the source chart's
 * data as it was saved; otherwise the source chart's form data is merged with the main chart's
 * (overrides, filters) and its query is built and run here. A time-series layer's rows become the
 * peer's `{key, values}` series.
 */
export async function fetchAnnotationData(
  layer: QueriedAnnotationLayer,
  main: QueryFormData,
  options: AnnotationQueryOptions = {},
): Promise<Record<string, unknown>[]> {
  const filtered = !!main.extra_form_data && Object.keys(main.extra_form_data as object).length > 0;
  const plain = Object.keys(normalizedOverrides(layer.overrides)).length === 0 && !filtered;
  if (plain && layer.annotationType !== 'TIME_SERIES') {
    const reply = await fetchSavedChartData(layer.chartId, options);
    return reply.result?.[0]?.data ?? [];
  }
  const detail = await request<ItemReply<ChartDetail>>({ url: `/api/v1/chart/${layer.chartId}`, signal: options.signal });
  const fd = annotationQueryFormData(savedChartFormData(detail.result), main, layer.overrides, { sliceId: layer.chartId });
  const queryContext = buildQueryContext(fd);
  const reply = await fetchChartData(
    { ...queryContext, result_format: 'json', result_type: 'full' },
    { signal: options.signal, force: options.force, timeoutMs: options.timeoutMs },
  );
  const rows = annotationShiftedRows(fd, reply.result?.[0]?.data ?? []);
  if (layer.annotationType !== 'TIME_SERIES') return rows;
  return timeseriesAnnotationResult(fd, rows) as unknown as Record<string, unknown>[];
}
