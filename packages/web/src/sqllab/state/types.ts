import type { QueryEditor, QueryMap, SqlLabDatabase, TableSchema, UnsavedEdits } from '@rama/shared';

/** Settings SQL Lab reads once from the common bootstrap. */
export interface SqlLabConfig {
  userId: number;
  sqlMaxRow: number;
  defaultQueryLimit: number;
  defaultDbId: number | null;
  backendPersistence: boolean;
  /** SQLLAB_QUERY_RESULT_TIMEOUT in ms; 0 means the request default */
  resultTimeoutMs: number;
  /** how long an execute call may take before the browser gives up */
  executeTimeoutMs: number;
}

/** Per query: the cost estimate (spec §3 "Query cost estimate"). */
export interface CostEstimate {
  completed: boolean;
  cost: Record<string, unknown>[] | null;
  error: string | null;
}

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'failed';

/** The SQL Lab store (spec §3 "Other editor state" plus tabs, queries and tables). */
export interface SqlLabState {
  status: LoadStatus;
  loadError: string | null;
  config: SqlLabConfig;
  databases: Record<string, SqlLabDatabase>;
  /** tabs in display order */
  queryEditors: QueryEditor[];
  /** the last id is the active tab */
  tabHistory: string[];
  unsavedQueryEditor: UnsavedEdits | null;
  queries: QueryMap;
  tables: TableSchema[];
  queryCostEstimates: Record<string, CostEstimate>;
  activeSouthPaneTab: string;
  /** tab id → when it was closed */
  destroyedQueryEditors: Record<string, number>;
  queriesLastUpdate: number;
  editorTabLastUpdatedAt: number;
  lastUpdatedActiveTab: string | null;
  offline: boolean;
  datasource: { loading: boolean; error: string | null };
  /** tab id → the updatedAt its server copy holds (backend persistence) */
  syncedAt: Record<string, number>;
  /** server tab ids closed here and not yet deleted on the server */
  pendingTabDeletes: number[];
  /** tab id → the id it had when its editor was mounted (a migration renames a tab; the editor stays) */
  mountKeys: Record<string, string>;
}

/**
 * The app's state as SQL Lab's listener (persistence.ts) sees it: the store mounts SQL Lab's
 * reducer at `sqlLab`. The store imports that listener, so it names this, never the store's RootState.
 */
export interface WithSqlLab {
  sqlLab: SqlLabState;
}

export const DEFAULT_CONFIG: SqlLabConfig = {
  userId: 0,
  sqlMaxRow: 100_000,
  defaultQueryLimit: 10_000,
  defaultDbId: null,
  backendPersistence: true,
  resultTimeoutMs: 0,
  executeTimeoutMs: 65_000,
};
