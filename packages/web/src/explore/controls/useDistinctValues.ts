import { useEffect, useState } from 'react';
import type { ExploreDatasource } from '@rama/shared';
import { t } from '../../i18n';
import { distinctValuesQuery } from './distinctValues';
import { postChartData } from '../exploreApi';
import { useDebouncedValue } from '../../components/useDebouncedValue';

interface ChartDataReply {
  result: { data: Record<string, unknown>[] }[];
}

export interface DistinctValues {
  values: unknown[];
  loading: boolean;
  error: string | null;
}

/** A column's values for the filter's IN / NOT IN list, asked through the chart data endpoint as you type. */
export function useDistinctValues(
  datasource: ExploreDatasource | null,
  column: string | null,
  search: string,
  enabled: boolean,
): DistinctValues {
  const term = useDebouncedValue(search, 300);
  const key = enabled && datasource && column ? `${datasource.id}|${column}|${term}` : null;
  const [state, setState] = useState<{ key: string; values: unknown[]; error: string | null } | null>(null);

  useEffect(() => {
    if (!key || !datasource || !column) return;
    const controller = new AbortController();
    postChartData<ChartDataReply>(distinctValuesQuery(datasource, column, term), { signal: controller.signal }).then(
      (reply) => {
        const rows = reply.result[0]?.data ?? [];
        setState({ key, values: rows.map((r) => r[column]).filter((v) => v !== undefined), error: null });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ key, values: [], error: error instanceof Error ? error.message : t('explorecontrols:valuesLoadFailed') });
      },
    );
    return () => controller.abort();
  }, [key, datasource, column, term]);

  if (!key) return { values: [], loading: false, error: null };
  if (!state || state.key !== key) return { values: [], loading: true, error: null };
  return { values: state.values, loading: false, error: state.error };
}
