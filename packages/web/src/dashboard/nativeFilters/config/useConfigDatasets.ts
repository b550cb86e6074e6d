/**
 * The datasets the filters being edited read: the dashboard's own (already loaded for its charts)
 * and any other one a filter names, fetched once with its columns and metrics.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ExploreDatasource } from '@rama/shared';
import { useAppSelector } from '../../../core/hooks';
import { errorMessage } from '../../../core/api';
import { fetchExploreDatasource } from '../../../explore/exploreApi';

export interface DatasetLookup {
  /** the dashboard's datasets, offered first */
  dashboard: ExploreDatasource[];
  get: (id: number) => ExploreDatasource | undefined;
  /** why the dataset could not be read, if it could not */
  error: (id: number) => string | null;
  loading: (id: number) => boolean;
}

type Fetched = Record<number, { dataset: ExploreDatasource } | { error: string }>;

export function useConfigDatasets(ids: readonly number[]): DatasetLookup {
  const sources = useAppSelector((s) => s.dashboardCharts.datasources);
  const dashboard = useMemo(() => Object.values(sources).sort((a, b) => a.table_name.localeCompare(b.table_name)), [sources]);
  const byId = useMemo(() => new Map(dashboard.map((d) => [d.id, d])), [dashboard]);
  const [fetched, setFetched] = useState<Fetched>({});
  const asked = useRef(new Set<number>());

  const missingKey = [...new Set(ids)]
    .filter((id) => !byId.has(id) && fetched[id] === undefined)
    .sort((a, b) => a - b)
    .join(',');
  useEffect(() => {
    if (!missingKey) return;
    for (const id of missingKey.split(',').map(Number)) {
      if (asked.current.has(id)) continue;
      asked.current.add(id);
      fetchExploreDatasource(id).then(
        (dataset) => setFetched((f) => ({ ...f, [id]: { dataset } })),
        (e: unknown) => setFetched((f) => ({ ...f, [id]: { error: errorMessage(e) } })),
      );
    }
  }, [missingKey]);

  const get = useCallback(
    (id: number) => {
      const entry = fetched[id];
      return byId.get(id) ?? (entry && 'dataset' in entry ? entry.dataset : undefined);
    },
    [byId, fetched],
  );
  const error = useCallback(
    (id: number) => {
      const entry = fetched[id];
      return !byId.has(id) && entry && 'error' in entry ? entry.error : null;
    },
    [byId, fetched],
  );
  const loading = useCallback((id: number) => !byId.has(id) && fetched[id] === undefined, [byId, fetched]);
  return useMemo(() => ({ dashboard, get, error, loading }), [dashboard, get, error, loading]);
}
