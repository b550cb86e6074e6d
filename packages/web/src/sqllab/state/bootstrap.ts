/** Opening SQL Lab: the server's tabs (backend persistence) or the browser's copy (spec §4 "Tab persistence"). */
import {
  activateInHistory,
  needsResults,
  preferNewerEditor,
  queryEditorFromTabState,
  queryEditorStub,
  shouldAutorun,
  tableFromServer,
  type BootstrapData,
  type QueryEditor,
  type QueryMap,
  type TableSchema,
} from '@rama/shared';
import { toClientError } from '../../core/api';
import * as A from './actions';
import { clientQueryFromRecord } from './reducer';
import * as api from './sqlLabApi';
import { readLocalSnapshot, type LocalSnapshot } from './localStore';
import { fetchQueryResults, runEditorQuery } from './queryThunks';
import { addTab, loadTab } from './tabThunks';
import type { SqlLabThunk } from './thunk';
import type { SqlLabConfig } from './types';

export function configFrom(common: BootstrapData): SqlLabConfig {
  const c = common.conf;
  const resultTimeout = Number(c.SQLLAB_QUERY_RESULT_TIMEOUT) || 0;
  return {
    userId: common.user?.id ?? 0,
    sqlMaxRow: c.SQL_MAX_ROW,
    defaultQueryLimit: Math.min(c.DEFAULT_SQLLAB_LIMIT, c.SQL_MAX_ROW),
    defaultDbId: c.SQLLAB_DEFAULT_DBID,
    backendPersistence: common.feature_flags.SQLLAB_BACKEND_PERSISTENCE !== false,
    resultTimeoutMs: resultTimeout * 1000,
    executeTimeoutMs: ((Number(c.RAMA_WEBSERVER_TIMEOUT) || 60) + 5) * 1000,
  };
}

const withLocalEdits = (local: LocalSnapshot | null, e: QueryEditor): QueryEditor => {
  const u = local?.unsavedQueryEditor;
  return u && u.id === e.id ? { ...e, ...u } : e;
};

interface Restored {
  queryEditors: QueryEditor[];
  tabHistory: string[];
  tables: TableSchema[];
  queries: QueryMap;
  syncedAt: Record<string, number>;
  activeId: string | null;
}

/** Local-only tabs (never saved to the server) with their tables and queries. */
function localOnly(local: LocalSnapshot | null, backend: boolean): Pick<Restored, 'queryEditors' | 'tables' | 'queries'> {
  const editors = (local?.queryEditors ?? []).filter((e) => !backend || e.tabViewId === null).map((e) => withLocalEdits(local, e));
  const ids = new Set(editors.map((e) => e.id));
  const queries: QueryMap = {};
  for (const [id, q] of Object.entries(local?.queries ?? {})) if (q.sqlEditorId && ids.has(q.sqlEditorId)) queries[id] = q;
  return { queryEditors: editors, tables: (local?.tables ?? []).filter((t) => ids.has(t.queryEditorId)), queries };
}

export function loadSqlLab(common: BootstrapData): SqlLabThunk {
  return async (dispatch, getState) => {
    if (getState().sqlLab.status === 'loading') return;
    dispatch(A.sqlLabLoadStarted());
    const config = configFrom(common);
    const local = readLocalSnapshot(config.userId);
    let reply;
    try {
      reply = (await api.getSqlLabBootstrap()).result;
    } catch (e) {
      dispatch(A.sqlLabLoadFailed(toClientError(e).message));
      return;
    }
    const d = { maxRow: config.sqlMaxRow, defaultQueryLimit: config.defaultQueryLimit };
    const restored: Restored = { queryEditors: [], tabHistory: [], tables: [], queries: {}, syncedAt: {}, activeId: null };
    // tabs closed in this browser whose delete had not reached the server (the page was left at once)
    const closedHere = local?.destroyedQueryEditors ?? {};
    const pendingTabDeletes: number[] = [];

    if (config.backendPersistence) {
      const active = reply.active_tab;
      for (const t of reply.tab_state_ids) {
        const id = String(t.id);
        if (closedHere[id]) {
          pendingTabDeletes.push(t.id);
          continue;
        }
        if (active && active.id === t.id) {
          const localCopy = local?.queryEditors.find((e) => e.id === id);
          const { editor, localIsNewer } = preferNewerEditor(
            localCopy ? withLocalEdits(local, localCopy) : undefined,
            queryEditorFromTabState(active, d),
          );
          restored.queryEditors.push(editor);
          restored.syncedAt[id] = localIsNewer ? -1 : editor.updatedAt;
          restored.tables.push(...active.table_schemas.map((x) => tableFromServer(x, id)));
          restored.activeId = id;
        } else {
          restored.queryEditors.push(queryEditorStub(t.id, t.label, d));
          restored.syncedAt[id] = 0;
        }
      }
      for (const [id, r] of Object.entries(reply.queries)) {
        const mine = local?.queries[id];
        restored.queries[id] = {
          ...clientQueryFromRecord(r),
          results: mine && mine.state === r.state ? mine.results : null,
          isDataPreview: mine?.isDataPreview,
        };
      }
    }
    const extra = localOnly(local, config.backendPersistence);
    restored.queryEditors.push(...extra.queryEditors);
    restored.tables.push(...extra.tables);
    Object.assign(restored.queries, extra.queries);

    const ids = new Set(restored.queryEditors.map((e) => e.id));
    let history = (local?.tabHistory ?? []).filter((id) => ids.has(id));
    const localActive = history[history.length - 1];
    const localActiveIsLocalOnly = extra.queryEditors.some((e) => e.id === localActive);
    const activeId = localActiveIsLocalOnly ? localActive : (restored.activeId ?? localActive ?? restored.queryEditors[0]?.id ?? null);
    if (activeId) history = activateInHistory(history, activeId);

    dispatch(
      A.sqlLabLoaded({
        config,
        databases: reply.databases,
        queryEditors: restored.queryEditors,
        tabHistory: history,
        queries: restored.queries,
        tables: restored.tables,
        syncedAt: restored.syncedAt,
        unsavedQueryEditor: null,
        destroyedQueryEditors: closedHere,
        pendingTabDeletes,
      }),
    );

    const s = getState().sqlLab;
    if (!s.queryEditors.length) {
      dispatch(addTab());
      return;
    }
    const current = s.queryEditors.find((e) => e.id === activeId);
    if (current && !current.loaded) {
      await dispatch(loadTab(current.id));
      return;
    }
    const latest = current?.latestQueryId ? s.queries[current.latestQueryId] : null;
    if (latest && needsResults(latest)) void dispatch(fetchQueryResults(latest.id));
    else if (current && shouldAutorun(current) && !latest) void dispatch(runEditorQuery(current.id));
  };
}
