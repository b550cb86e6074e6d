/**
 * The rows of a filter's options query (shared `filterOptionsQueryContext`: a value filter's
 * distinct values, a range filter's min and max) through POST /api/v1/chart/data, for the filter
 * bar and the configuration's default value. Each distinct query is asked once for the page's
 * life; a newer query replaces what an older one shows.
 */
import { useEffect, useState } from 'react';
import type { QueryContext } from '@rama/shared';
import { errorMessage } from '../../core/api';
import { postChartData } from '../../explore/exploreApi';

interface ChartDataReply {
  result: { data: Record<string, unknown>[] }[];
}

export interface OptionRows {
  rows: Record<string, unknown>[];
  loading: boolean;
  error: string | null;
}

const IDLE: OptionRows = { rows: [], loading: false, error: null };
const LOADING: OptionRows = { rows: [], loading: true, error: null };

const cache = new Map<string, Promise<Record<string, unknown>[]>>();

export function useFilterOptionRows(query: QueryContext | null): OptionRows {
  const key = query ? JSON.stringify(query) : null;
  const [state, setState] = useState<{ key: string; rows: Record<string, unknown>[]; error: string | null } | null>(null);

  useEffect(() => {
    if (!key) return;
    let cancelled = false;
    let load = cache.get(key);
    if (!load) {
      load = postChartData<ChartDataReply>(JSON.parse(key) as unknown).then((reply) => reply.result[0]?.data ?? []);
      // a failure is asked again next time
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
  }, [key]);

  if (!key) return IDLE;
  if (!state || state.key !== key) return LOADING;
  return { rows: state.rows, loading: false, error: state.error };
}
