import { useEffect, useState } from 'react';
import { isAnnotationSourceVizType, type ChartListItem, type ExploreDatasource, type ItemReply, type ListReply } from '@rama/shared';
import { request, toClientError } from '../../core/api';
import { useDebouncedValue } from '../../components/useDebouncedValue';

export interface ChartOption {
  id: number;
  slice_name: string;
  viz_type: string;
}

interface Loaded<T> {
  key: string;
  value: T;
  error: string | null;
}

/**
 * Saved charts to take events, intervals or series from, searched by name (GET /api/v1/chart/);
 * `annotationType` keeps only the charts such a layer can read (a time series: line and timeseries
 * charts), as the peer filters its list.
 */
export function useChartOptions(
  search: string,
  enabled: boolean,
  annotationType = 'EVENT',
): { charts: ChartOption[]; loading: boolean; error: string | null } {
  const term = useDebouncedValue(search.trim(), 300);
  const key = enabled ? `${annotationType}:${term}` : null;
  const [state, setState] = useState<Loaded<ChartOption[]> | null>(null);
  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    const [type, ...rest] = key.split(':');
    const text = rest.join(':');
    const q = {
      filters: text ? [{ col: 'slice_name', opr: 'chart_all_text', value: text }] : [],
      order_column: 'changed_on',
      order_direction: 'desc',
      page: 0,
      page_size: 100,
    };
    request<ListReply<ChartListItem>>({ url: '/api/v1/chart/', q, signal: controller.signal }).then(
      (reply) =>
        setState({
          key,
          value: reply.result
            .filter((c) => isAnnotationSourceVizType(type, c.viz_type))
            .map(({ id, slice_name, viz_type }) => ({ id, slice_name, viz_type })),
          error: null,
        }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ key, value: [], error: toClientError(error).message });
      },
    );
    return () => controller.abort();
  }, [key]);
  if (key === null) return { charts: [], loading: false, error: null };
  if (!state || state.key !== key) return { charts: [], loading: true, error: null };
  return { charts: state.value, loading: false, error: state.error };
}

export interface AnnotationSource {
  chart: { id: number; slice_name: string } | null;
  columns: { name: string; temporal: boolean }[];
  loading: boolean;
  error: string | null;
}

/** The chosen chart's name and its dataset's columns (time, title and interval end columns are picked from them). */
export function useAnnotationSource(chartId: number | null): AnnotationSource {
  const key = chartId === null ? null : String(chartId);
  const [state, setState] = useState<Loaded<Omit<AnnotationSource, 'loading' | 'error'>> | null>(null);
  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    const signal = controller.signal;
    (async () => {
      const chart = await request<ItemReply<{ id: number; slice_name: string; datasource_id: number; datasource_type: string }>>({
        url: `/api/v1/chart/${key}`,
        signal,
      });
      const { datasource_id, datasource_type, slice_name, id } = chart.result;
      const ds = await request<ExploreDatasource>({
        url: '/rama/fetch_datasource_metadata',
        params: { datasourceKey: `${datasource_id}__${datasource_type}` },
        signal,
      });
      const columns = ds.columns.map((c) => ({ name: c.column_name, temporal: c.is_dttm }));
      setState({ key, value: { chart: { id, slice_name }, columns }, error: null });
    })().catch((error: unknown) => {
      if (!signal.aborted) setState({ key, value: { chart: null, columns: [] }, error: toClientError(error).message });
    });
    return () => controller.abort();
  }, [key]);
  if (key === null) return { chart: null, columns: [], loading: false, error: null };
  if (!state || state.key !== key) return { chart: null, columns: [], loading: true, error: null };
  return { ...state.value, loading: false, error: state.error };
}

export interface AnnotationLayerOption {
  id: number;
  name: string;
}

/** Native annotation layers to take events or intervals from, searched by name (GET /api/v1/annotation_layer/). */
export function useAnnotationLayerOptions(
  search: string,
  enabled: boolean,
): { layers: AnnotationLayerOption[]; loading: boolean; error: string | null } {
  const term = useDebouncedValue(search.trim(), 300);
  const key = enabled ? term : null;
  const [state, setState] = useState<Loaded<AnnotationLayerOption[]> | null>(null);
  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    const q = {
      filters: key ? [{ col: 'name', opr: 'annotation_layer_all_text', value: key }] : [],
      order_column: 'name',
      order_direction: 'asc',
      page: 0,
      page_size: 100,
    };
    request<ListReply<{ id: number; name: string }>>({ url: '/api/v1/annotation_layer/', q, signal: controller.signal }).then(
      (reply) => setState({ key, value: reply.result.map(({ id, name }) => ({ id, name })), error: null }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ key, value: [], error: toClientError(error).message });
      },
    );
    return () => controller.abort();
  }, [key]);
  if (key === null) return { layers: [], loading: false, error: null };
  if (!state || state.key !== key) return { layers: [], loading: true, error: null };
  return { layers: state.value, loading: false, error: state.error };
}
