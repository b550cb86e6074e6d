import type { UnknownAction } from '@reduxjs/toolkit';
import {
  activateInHistory,
  applyUnsavedEdits,
  clearInactiveQueries,
  editQueryEditor,
  fetchingQuery,
  mergeTable,
  querySuccess,
  queryFailed as failQuery,
  queryStopped,
  refreshQueries,
  removeFromHistory,
  removeTables,
  RESULTS_PANE,
  startQuery,
  withUnsavedEdits,
  type ClientQuery,
  type QueryEditor,
  type QueryMap,
  type QueryRecord,
} from '@rama/shared';
import * as A from './actions';
import { DEFAULT_CONFIG, type SqlLabState } from './types';

// SQL Lab's key in the app store's state (core/state.ts)
declare module '../../core/state' {
  interface RootState {
    sqlLab: SqlLabState;
  }
}

export const initialSqlLabState: SqlLabState = {
  status: 'idle',
  loadError: null,
  config: DEFAULT_CONFIG,
  databases: {},
  queryEditors: [],
  tabHistory: [],
  unsavedQueryEditor: null,
  queries: {},
  tables: [],
  queryCostEstimates: {},
  activeSouthPaneTab: RESULTS_PANE,
  destroyedQueryEditors: {},
  queriesLastUpdate: 0,
  editorTabLastUpdatedAt: 0,
  lastUpdatedActiveTab: null,
  offline: false,
  datasource: { loading: false, error: null },
  syncedAt: {},
  pendingTabDeletes: [],
  mountKeys: {},
};

const activeId = (s: SqlLabState): string | null => s.tabHistory[s.tabHistory.length - 1] ?? null;

/** A server query record as a store query (no rows yet). */
export function clientQueryFromRecord(r: QueryRecord): ClientQuery {
  return { ...r, results: null, errorMessage: r.errorMessage };
}

/**
 * An editor id as it is now. A handler that read the id just before the tab got its server id
 * (migration) still reaches the tab: its first id is kept in `mountKeys`.
 */
function currentId(s: SqlLabState, id: string): string {
  if (s.queryEditors.some((e) => e.id === id)) return id;
  return s.queryEditors.find((e) => s.mountKeys[e.id] === id)?.id ?? id;
}

function edit(s: SqlLabState, staleId: string, changes: Partial<Omit<QueryEditor, 'id'>>, now: number): SqlLabState {
  const id = currentId(s, staleId);
  const next = editQueryEditor({ queryEditors: s.queryEditors, unsaved: s.unsavedQueryEditor, activeId: activeId(s) }, id, changes, now);
  return { ...s, queryEditors: next.queryEditors, unsavedQueryEditor: next.unsaved, editorTabLastUpdatedAt: now };
}

/** Fold pending edits into the list (adding, switching and closing a tab save them first). */
const folded = (s: SqlLabState): QueryEditor[] => applyUnsavedEdits(s.queryEditors, s.unsavedQueryEditor);

function removeEditor(s: SqlLabState, staleId: string, now: number | null): SqlLabState {
  const id = currentId(s, staleId);
  const editor = s.queryEditors.find((e) => e.id === id);
  if (!editor) return s;
  const { history } = removeFromHistory(s.tabHistory, id);
  const queries: QueryMap = {};
  for (const [qid, q] of Object.entries(s.queries)) if (q.sqlEditorId !== id) queries[qid] = q;
  const tables = removeTables(
    { tables: s.tables, activeSouthPaneTab: s.activeSouthPaneTab },
    s.tables.filter((t) => t.queryEditorId === id).map((t) => t.id),
  );
  const syncedAt = { ...s.syncedAt };
  delete syncedAt[id];
  return {
    ...s,
    queryEditors: folded(s).filter((e) => e.id !== id),
    unsavedQueryEditor: null,
    tabHistory: history,
    queries,
    tables: tables.tables,
    activeSouthPaneTab: tables.activeSouthPaneTab,
    syncedAt,
    // a tab closed here is remembered (and deleted on the server); one the server dropped is not
    destroyedQueryEditors: now === null ? s.destroyedQueryEditors : { ...s.destroyedQueryEditors, [id]: now },
    pendingTabDeletes: now !== null && editor.tabViewId !== null ? [...s.pendingTabDeletes, editor.tabViewId] : s.pendingTabDeletes,
  };
}

/** Replace a tab id everywhere (a local-only tab migrated to its server id). */
function renameEditor(s: SqlLabState, oldId: string, tabViewId: number, syncedUpdatedAt: number): SqlLabState {
  const newId = String(tabViewId);
  const swap = (id: string | null) => (id === oldId ? newId : id);
  const queries: QueryMap = {};
  for (const [qid, q] of Object.entries(s.queries)) queries[qid] = q.sqlEditorId === oldId ? { ...q, sqlEditorId: newId } : q;
  return {
    ...s,
    queryEditors: s.queryEditors.map((e) => (e.id === oldId ? { ...e, id: newId, tabViewId, inLocalStorage: false } : e)),
    unsavedQueryEditor: s.unsavedQueryEditor?.id === oldId ? { ...s.unsavedQueryEditor, id: newId } : s.unsavedQueryEditor,
    tabHistory: s.tabHistory.map((id) => swap(id) ?? id),
    queries,
    tables: s.tables.map((t) => (t.queryEditorId === oldId ? { ...t, queryEditorId: newId } : t)),
    syncedAt: { ...s.syncedAt, [newId]: syncedUpdatedAt },
    lastUpdatedActiveTab: swap(s.lastUpdatedActiveTab),
    mountKeys: { ...s.mountKeys, [newId]: s.mountKeys[oldId] ?? oldId },
  };
}

function mapQuery(s: SqlLabState, queries: QueryMap): SqlLabState {
  return queries === s.queries ? s : { ...s, queries };
}

/** The SQL Lab reducer: each case calls the spec rule in `@rama/shared`; no rule lives here. */
export function sqlLabReducer(state: SqlLabState = initialSqlLabState, action: UnknownAction): SqlLabState {
  const s = state;
  if (A.sqlLabLoaded.match(action)) {
    return { ...s, ...action.payload, unsavedQueryEditor: action.payload.unsavedQueryEditor ?? null, status: 'ready', loadError: null };
  }
  if (A.sqlLabLoadStarted.match(action)) return { ...s, status: 'loading', loadError: null };
  if (A.sqlLabLoadFailed.match(action)) return { ...s, status: 'failed', loadError: action.payload };

  if (A.queryEditorAdded.match(action)) {
    return {
      ...s,
      queryEditors: [...folded(s), action.payload],
      unsavedQueryEditor: null,
      tabHistory: activateInHistory(s.tabHistory, action.payload.id),
    };
  }
  if (A.queryEditorSwitched.match(action)) {
    const id = currentId(s, action.payload);
    if (activeId(s) === id || !s.queryEditors.some((e) => e.id === id)) return s;
    return { ...s, queryEditors: folded(s), unsavedQueryEditor: null, tabHistory: activateInHistory(s.tabHistory, id) };
  }
  if (A.queryEditorRemoved.match(action)) return removeEditor(s, action.payload.id, action.payload.now);
  if (A.queryEditorDroppedRemotely.match(action)) return removeEditor(s, action.payload, null);
  if (A.queryEditorChanged.match(action)) return edit(s, action.payload.id, action.payload.changes, action.payload.now);
  if (A.queryEditorLoaded.match(action)) {
    const { editor, tables, queries, localIsNewer } = action.payload;
    let qs = s.queries;
    for (const r of queries) if (!qs[r.id]) qs = { ...qs, [r.id]: clientQueryFromRecord(r) };
    const unsaved = s.unsavedQueryEditor?.id === editor.id ? null : s.unsavedQueryEditor;
    const fresh = tables.filter((t) => !s.tables.some((x) => x.remoteId !== null && x.remoteId === t.remoteId));
    return {
      ...s,
      queryEditors: s.queryEditors.map((e) => (e.id === editor.id ? withUnsavedEdits(editor, s.unsavedQueryEditor) : e)),
      unsavedQueryEditor: unsaved,
      queries: qs,
      tables: [...s.tables, ...fresh],
      // an editor whose browser copy is newer stays unsynced, so it is sent again
      syncedAt: { ...s.syncedAt, [editor.id]: localIsNewer ? -1 : editor.updatedAt },
    };
  }
  if (A.queryEditorMigrated.match(action))
    return renameEditor(s, action.payload.oldId, action.payload.tabViewId, action.payload.syncedUpdatedAt);
  if (A.queryEditorSynced.match(action)) return { ...s, syncedAt: { ...s.syncedAt, [action.payload.id]: action.payload.updatedAt } };
  if (A.tabDeleteDone.match(action)) return { ...s, pendingTabDeletes: s.pendingTabDeletes.filter((id) => id !== action.payload) };

  if (A.queryStarted.match(action)) {
    const { now } = action.payload;
    const query = action.payload.query.sqlEditorId
      ? { ...action.payload.query, sqlEditorId: currentId(s, action.payload.query.sqlEditorId) }
      : action.payload.query;
    if (query.isDataPreview || !query.sqlEditorId) return mapQuery(s, startQuery(s.queries, query));
    const editor = s.queryEditors.find((e) => e.id === query.sqlEditorId);
    const previous = editor ? withUnsavedEdits(editor, s.unsavedQueryEditor).latestQueryId : null;
    const next = { ...s, queries: startQuery(s.queries, query, previous), activeSouthPaneTab: RESULTS_PANE };
    return edit(next, query.sqlEditorId, { latestQueryId: query.id }, now);
  }
  if (A.queryFetching.match(action)) return mapQuery(s, fetchingQuery(s.queries, action.payload));
  if (A.querySucceeded.match(action)) return mapQuery(s, querySuccess(s.queries, action.payload.id, action.payload.result));
  if (A.queryFailed.match(action))
    return mapQuery(s, failQuery(s.queries, action.payload.id, action.payload.message, action.payload.errors, action.payload.now));
  if (A.queryStoppedAction.match(action)) return mapQuery(s, queryStopped(s.queries, action.payload));
  if (A.queriesRefreshed.match(action)) {
    return { ...mapQuery(s, refreshQueries(s.queries, action.payload.queries)), queriesLastUpdate: action.payload.at };
  }
  if (A.queryMigrated.match(action)) return s;
  if (A.queryRemoved.match(action)) {
    const queries = { ...s.queries };
    delete queries[action.payload];
    return { ...s, queries };
  }
  if (A.inactiveQueriesCleared.match(action))
    return mapQuery(s, clearInactiveQueries(s.queries, action.payload.intervalMs, action.payload.now));

  if (A.costEstimateStarted.match(action))
    return { ...s, queryCostEstimates: { ...s.queryCostEstimates, [action.payload]: { completed: false, cost: null, error: null } } };
  if (A.costEstimateReturned.match(action))
    return {
      ...s,
      queryCostEstimates: { ...s.queryCostEstimates, [action.payload.id]: { completed: true, cost: action.payload.cost, error: null } },
    };
  if (A.costEstimateFailed.match(action))
    return {
      ...s,
      queryCostEstimates: { ...s.queryCostEstimates, [action.payload.id]: { completed: false, cost: null, error: action.payload.error } },
    };

  if (A.tableMerged.match(action)) {
    const table = { ...action.payload.table, queryEditorId: currentId(s, action.payload.table.queryEditorId) };
    const next = mergeTable({ tables: s.tables, activeSouthPaneTab: s.activeSouthPaneTab }, table, action.payload.previewQueryId ?? null);
    return { ...s, ...next };
  }
  if (A.tableChanged.match(action)) {
    return { ...s, tables: s.tables.map((t) => (t.id === action.payload.id ? { ...t, ...action.payload.changes } : t)) };
  }
  if (A.tablesRemoved.match(action))
    return { ...s, ...removeTables({ tables: s.tables, activeSouthPaneTab: s.activeSouthPaneTab }, action.payload) };
  if (A.southPaneTabChanged.match(action)) return { ...s, activeSouthPaneTab: action.payload };
  if (A.offlineChanged.match(action)) return { ...s, offline: action.payload };
  if (A.datasourceLoading.match(action)) return { ...s, datasource: action.payload };
  return s;
}
