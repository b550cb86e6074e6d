/**
 * The rows of a filter's options query (shared `filterOptionsQueryContext`: a value filter's
 * distinct values, a range filter's min and max) through POST /api/v1/chart/data, as the filter
 * bar asks for them. A newer query stops the older one.
 */
import { useEffect, useState } from 'react';
import type { QueryContext } from '@rama/shared';
import { request, errorMessage } from '../../../app/api';

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

export function useFilterOptionRows(query: QueryContext | null): OptionRows {
  const key = query ? JSON.stringify(query) : null;
  const [state, setState] = useState<{ key: string; rows: Record<string, unknown>[]; error: string | null } | null>(null);

  useEffect(() => {
    if (!key) return;
    const controller = new AbortController();
    request<ChartDataReply>({
      url: '/api/v1/chart/data',
      method: 'POST',
      body: JSON.parse(key) as unknown,
      signal: controller.signal,
    }).then(
      (reply) => setState({ key, rows: reply.result[0]?.data ?? [], error: null }),
      (e: unknown) => {
        if (!controller.signal.aborted) setState({ key, rows: [], error: errorMessage(e) });
      },
    );
    return () => controller.abort();
  }, [key]);

  if (!key) return IDLE;
  if (!state || state.key !== key) return LOADING;
  return { rows: state.rows, loading: false, error: state.error };
}
