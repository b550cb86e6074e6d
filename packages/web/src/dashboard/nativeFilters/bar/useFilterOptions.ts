/**
 * A filter's options, asked through the chart data endpoint (issue 13 part 2): the distinct values
 * of a select filter's column (narrowed by its pre-filter, its parents' values and, with "search
 * all options", what the user types), or the min and max of a range filter's column. One request
 * per distinct question; a newer question aborts the older one.
 */
import { useEffect, useMemo, useState } from 'react';
import { filterOptionsQueryContext, type ExploreDatasource, type ExtraFormData, type NativeFilter } from '@rama/shared';
import { errorMessage, request } from '../../../app/api';
import { useDebouncedValue } from '../../../components/useDebouncedValue';
import { fetchExploreDatasource } from '../../../explore/exploreApi';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { chartsActions } from '../../state/chartsSlice';

interface ChartDataReply {
  result: { data: Record<string, unknown>[] }[];
}

export interface FilterOptions {
  values: unknown[];
  min: number | null;
  max: number | null;
  loading: boolean;
  error: string | null;
}

const cache = new Map<string, Promise<Record<string, unknown>[]>>();

/** Options are asked once per question for the page's life (a refresh of the dashboard asks again). */
export function clearFilterOptionsCache(): void {
  cache.clear();
}

export function useFilterOptions(filter: NativeFilter, parentExtraFormData: ExtraFormData, search: string): FilterOptions {
  const term = useDebouncedValue(filter.controlValues?.searchAllOptions ? search : '', 300);
  const queryContext = useMemo(
    () => filterOptionsQueryContext(filter, { parentExtraFormData, search: term }),
    [filter, parentExtraFormData, term],
  );
  const key = queryContext ? JSON.stringify(queryContext) : null;
  const [state, setState] = useState<{ key: string; rows: Record<string, unknown>[]; error: string | null } | null>(null);

  useEffect(() => {
    if (!key || !queryContext) return;
    let cancelled = false;
    let load = cache.get(key);
    if (!load) {
      load = request<ChartDataReply>({ url: '/api/v1/chart/data', method: 'POST', body: queryContext }).then(
        (r) => r.result[0]?.data ?? [],
      );
      load.catch(() => cache.delete(key));
      cache.set(key, load);
    }
    load.then(
      (rows) => !cancelled && setState({ key, rows, error: null }),
      (e: unknown) => !cancelled && setState({ key, rows: [], error: errorMessage(e) }),
    );
    return () => {
      cancelled = true;
    };
  }, [key, queryContext]);

  const column = filter.targets?.[0]?.column?.name ?? '';
  const current = state && state.key === key ? state : null;
  const rows = current?.rows ?? [];
  const num = (v: unknown) =>
    typeof v === 'number' && Number.isFinite(v)
      ? v
      : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))
        ? Number(v)
        : null;
  return {
    values: filter.filterType === 'filter_select' ? rows.map((r) => r[column]).filter((v) => v !== undefined) : [],
    min: filter.filterType === 'filter_range' ? num(rows[0]?.min) : null,
    max: filter.filterType === 'filter_range' ? num(rows[0]?.max) : null,
    loading: Boolean(key) && !current,
    error: current?.error ?? null,
  };
}

/** The dataset a filter targets (time columns for a time column filter), from the page's datasets or fetched. */
export function useFilterDataset(datasetId: number | undefined): ExploreDatasource | null {
  const dispatch = useAppDispatch();
  const uid = datasetId ? `${datasetId}__table` : '';
  const datasource = useAppSelector((s) => (uid ? s.dashboardCharts.datasources[uid] : undefined));
  const status = useAppSelector((s) => s.dashboardCharts.datasetsStatus);
  useEffect(() => {
    if (!datasetId || datasource || status === 'loading') return;
    let cancelled = false;
    fetchExploreDatasource(datasetId).then(
      (ds) => !cancelled && dispatch(chartsActions.datasourceLoaded(ds)),
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [datasetId, datasource, status, dispatch]);
  return datasource ?? null;
}
