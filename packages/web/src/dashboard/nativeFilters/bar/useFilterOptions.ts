/**
 * A filter's options, asked through the chart data endpoint (issue 13 part 2): the distinct values
 * of a select filter's column (narrowed by its pre-filter, its parents' values and, with "search
 * all options", what the user types), or the min and max of a range filter's column. One request
 * per distinct question (useFilterOptionRows).
 */
import { useEffect, useMemo } from 'react';
import { filterOptionsQueryContext, type ExploreDatasource, type ExtraFormData, type NativeFilter } from '@rama/shared';
import { useDebouncedValue } from '../../../components/useDebouncedValue';
import { fetchExploreDatasource } from '../../../explore/exploreApi';
import { boundsOf } from '../../../explore/controls/textValue';
import { useAppDispatch, useAppSelector } from '../../../core/hooks';
import { chartsActions } from '../../state/chartsSlice';
import { useFilterOptionRows } from '../useFilterOptionRows';

export interface FilterOptions {
  values: unknown[];
  min: number | null;
  max: number | null;
  loading: boolean;
  error: string | null;
}

export function useFilterOptions(filter: NativeFilter, parentExtraFormData: ExtraFormData, search: string): FilterOptions {
  const term = useDebouncedValue(filter.controlValues?.searchAllOptions ? search : '', 300);
  // the dashboard is named so that a role that may open it (DASHBOARD_RBAC) reads its filters' values
  const dashboardId = useAppSelector((s) => s.dashboardInfo.id) || undefined;
  const queryContext = useMemo(
    () => filterOptionsQueryContext(filter, { parentExtraFormData, search: term, dashboardId }),
    [filter, parentExtraFormData, term, dashboardId],
  );
  const { rows, loading, error } = useFilterOptionRows(queryContext);
  const column = filter.targets?.[0]?.column?.name ?? '';
  const [min, max] = filter.filterType === 'filter_range' ? boundsOf([rows[0]?.min, rows[0]?.max]) : [null, null];
  return {
    values: filter.filterType === 'filter_select' ? rows.map((r) => r[column]).filter((v) => v !== undefined) : [],
    min,
    max,
    loading,
    error,
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
