/** Running, stopping and fetching queries (spec §4 "Query states", §7 "Query execution"). */
import { nanoid } from '@reduxjs/toolkit';
import {
  initialQueryState,
  nextConnectivity,
  type ConnectivityEvent,
  needsResults,
  SqlLabMessage,
  editorDialectOf,
  sqlToRun,
  statementAtCursor,
  offsetAtPosition,
  type ClientQuery,
  type QueryEditor,
  type QueryRecord,
  type TableSchema,
} from '@rama/shared';
import { toClientError } from '../../core/api';
import { t } from '../../i18n';
import { refreshDatabaseMetadata } from './tableThunks';
import * as A from './actions';
import * as api from './sqlLabApi';
import * as queryApi from './queryApi';
import { editorById, LOG, logSqlLabEvent, type SqlLabThunk } from './thunk';
import { toast } from './toast';

/** How far back each poll looks, to cover clock skew and writes that land in the same instant. */
const POLL_OVERLAP_MS = 2000;
/** A run with no progress this long is cleared (the server marks orphans failed long before). */
export const INACTIVE_QUERY_MS = 6 * 60 * 60 * 1000;

const QUERY_ID_SIZE = 11;

function newQuery(editor: QueryEditor, sql: string, runAsync: boolean, extra: Partial<ClientQuery> = {}): ClientQuery {
  return {
    id: nanoid(QUERY_ID_SIZE),
    dbId: editor.dbId ?? undefined,
    catalog: editor.catalog,
    schema: editor.schema,
    sql,
    sqlEditorId: editor.id,
    tab: editor.name,
    tempTable: null,
    ctas: false,
    ctas_method: 'TABLE',
    templateParams: editor.templateParams,
    limit: editor.queryLimit,
    runAsync,
    state: initialQueryState(runAsync),
    progress: 0,
    startDttm: Date.now(),
    endDttm: null,
    results: null,
    errorMessage: null,
    isDataPreview: false,
    ...extra,
  };
}

const changedOnMs = (q: QueryRecord): number => {
  const t = Date.parse(q.changed_on);
  return Number.isFinite(t) ? t : 0;
};

/** Send a started query to the server and record what comes back. */
function execute(query: ClientQuery, editor: QueryEditor): SqlLabThunk {
  return async (dispatch, getState) => {
    const { config } = getState().sqlLab;
    dispatch(A.queryStarted({ query, now: Date.now() }));
    logSqlLabEvent(LOG.RUN_QUERY, editor, { run_async: query.runAsync, is_data_preview: Boolean(query.isDataPreview) });
    try {
      const reply = await queryApi.executeQuery(
        {
          client_id: query.id,
          database_id: query.dbId ?? 0,
          json: true,
          runAsync: Boolean(query.runAsync),
          catalog: query.catalog ?? null,
          schema: query.schema ?? null,
          sql: query.sql ?? '',
          sql_editor_id: query.sqlEditorId,
          tab: query.tab ?? null,
          tmp_table_name: query.ctas ? (query.tempTable ?? '') : '',
          ...(query.ctas && query.tempSchema ? { tmp_schema_name: query.tempSchema } : {}),
          select_as_cta: Boolean(query.ctas),
          ctas_method: query.ctas_method ?? 'TABLE',
          templateParams: query.templateParams ?? null,
          queryLimit: query.limit ?? config.defaultQueryLimit,
          expand_data: true,
        },
        window.location.search,
        config.executeTimeoutMs,
      );
      dispatch(connectivityEvent('reply'));
      if (queryApi.isResultReply(reply) && reply.status !== 'success' && reply.errors?.length) {
        // a streamed reply whose query failed after rows had been sent
        const message = reply.errors[0].message || SqlLabMessage.UNKNOWN_ERROR;
        dispatch(
          A.queryFailed({
            id: query.id,
            message,
            errors: reply.errors.map((x) => ({ message: x.message, error_type: x.error_type })),
            now: Date.now(),
          }),
        );
      } else if (queryApi.isResultReply(reply)) {
        dispatch(A.querySucceeded({ id: query.id, result: reply }));
        if (query.ctas) void dispatch(ctasCreated(editor.id, reply.query));
        const duration = (reply.query.endDttm ?? Date.now()) - (reply.query.startDttm ?? query.startDttm ?? Date.now());
        logSqlLabEvent(LOG.QUERY_SUCCESS, editor, { duration: Math.round(duration), rows: reply.query.rows }, 'timing');
      } else {
        dispatch(
          A.queriesRefreshed({
            queries: [reply.query],
            at: Math.min(getState().sqlLab.queriesLastUpdate || Infinity, changedOnMs(reply.query) - POLL_OVERLAP_MS),
          }),
        );
      }
    } catch (e) {
      const err = toClientError(e);
      dispatch(connectivityEvent(err.status === null ? 'no-reply' : 'reply'));
      const message = err.message || SqlLabMessage.UNKNOWN_ERROR;
      dispatch(
        A.queryFailed({
          id: query.id,
          message,
          errors: err.errors.map((x) => ({ message: x.message, error_type: x.error_type })),
          now: Date.now(),
        }),
      );
      logSqlLabEvent(
        LOG.QUERY_FAILED,
        editor,
        { error_type: err.errorType, error_details: message, duration: Date.now() - (query.startDttm ?? Date.now()) },
        'timing',
      );
    }
  };
}

/** Run the tab's SQL — only the selection when there is one. */
export function runEditorQuery(editorId: string): SqlLabThunk {
  return async (dispatch, getState) => {
    const state = getState();
    const editor = editorById(state, editorId);
    if (!editor || editor.dbId === null) return;
    const sql = sqlToRun(editor.sql, editor.selectedText);
    if (!sql.trim()) return;
    const db = state.sqlLab.databases[String(editor.dbId)];
    await dispatch(execute(newQuery(editor, sql, Boolean(db?.allow_run_async)), editor));
  };
}

/**
 * Run only the statement under the cursor (Ctrl/Cmd+Shift+Enter): `cursor` is an offset in the
 * tab's SQL, else the tab's stored cursor position is used.
 */
export function runCurrentStatement(editorId: string, cursor?: number): SqlLabThunk {
  return async (dispatch, getState) => {
    const state = getState();
    const editor = editorById(state, editorId);
    if (!editor || editor.dbId === null) return;
    const db = state.sqlLab.databases[String(editor.dbId)];
    const at = cursor ?? offsetAtPosition(editor.sql, editor.cursorPosition ?? { row: 0, column: 0 });
    const statement = statementAtCursor(editor.sql, at, editorDialectOf(db));
    if (!statement) return;
    await dispatch(execute(newQuery(editor, statement.sql, Boolean(db?.allow_run_async)), editor));
  };
}

export interface CtasTarget {
  method: 'TABLE' | 'VIEW';
  /** the schema to create it in; null lets the server use the database's default */
  schema: string | null;
  table: string;
}

/** CREATE TABLE AS / CREATE VIEW AS: run the tab's query (or selection) into a new table or view. */
export function runCtasQuery(editorId: string, target: CtasTarget): SqlLabThunk {
  return async (dispatch, getState) => {
    const state = getState();
    const editor = editorById(state, editorId);
    if (!editor || editor.dbId === null) return;
    const sql = sqlToRun(editor.sql, editor.selectedText);
    if (!sql.trim() || !target.table.trim()) return;
    const db = state.sqlLab.databases[String(editor.dbId)];
    const query = newQuery(editor, sql, Boolean(db?.allow_run_async), {
      ctas: true,
      ctas_method: target.method,
      tempTable: target.table.trim(),
      tempSchema: target.schema,
    });
    await dispatch(execute(query, editor));
  };
}

/** The peer's wording for a finished CTAS/CVAS, e.g. "Table [sales.big_orders] was created". */
export function ctasCreatedMessage(q: { tempTable?: string | null; tempSchema?: string | null; ctas_method?: 'TABLE' | 'VIEW' }): string {
  const name = `${q.tempSchema ? `${q.tempSchema}.` : ''}${q.tempTable ?? ''}`;
  return t('sqllab:ctas.created', { kind: q.ctas_method === 'VIEW' ? 'view' : 'table', name });
}

/** After a CTAS: say so, and list the new table in the left bar (its schema's tables, refreshed). */
function ctasCreated(editorId: string, q: QueryRecord): SqlLabThunk {
  return async (dispatch, getState) => {
    dispatch(toast.success(ctasCreatedMessage(q)));
    const editor = editorById(getState(), editorId);
    if (!q.dbId || !q.tempSchema) return;
    void dispatch(refreshDatabaseMetadata(q.dbId, editor?.catalog ?? null, q.tempSchema));
  };
}

/** Preview a table's data (its SELECT *) into the table's own south-pane tab. */
export function previewTable(table: TableSchema): SqlLabThunk {
  return async (dispatch, getState) => {
    const state = getState();
    const editor = editorById(state, table.queryEditorId);
    const db = state.sqlLab.databases[String(table.dbId)];
    if (!editor || !db || db.disable_data_preview || !table.selectStar) return;
    const query = newQuery({ ...editor, dbId: table.dbId, catalog: table.catalog, schema: table.schema }, table.selectStar, false, {
      isDataPreview: true,
      limit: 100,
      tab: table.name,
    });
    logSqlLabEvent(LOG.PREVIEW_TABLE, editor, { table: table.name });
    dispatch(A.tableMerged({ table: { ...table, expanded: true }, previewQueryId: query.id }));
    await dispatch(execute(query, editor));
  };
}

/** Run a past query's SQL again in its tab. */
export function rerunQuery(q: ClientQuery): SqlLabThunk {
  return async (dispatch, getState) => {
    const editor = q.sqlEditorId ? editorById(getState(), q.sqlEditorId) : null;
    if (!editor || !q.sql) return;
    const db = getState().sqlLab.databases[String(q.dbId ?? editor.dbId)];
    await dispatch(
      execute(
        newQuery({ ...editor, dbId: q.dbId ?? editor.dbId, schema: q.schema ?? editor.schema }, q.sql, Boolean(db?.allow_run_async)),
        editor,
      ),
    );
  };
}

/** Stop a running query: the server cancels it inside the database. */
export function stopQuery(id: string): SqlLabThunk {
  return async (dispatch, getState) => {
    const q = getState().sqlLab.queries[id];
    if (!q) return;
    try {
      await api.stopQueryRequest(id);
      dispatch(A.queryStoppedAction(id));
      dispatch(toast.info(SqlLabMessage.STOPPED, { noDuplicate: true }));
      logSqlLabEvent(LOG.STOP_QUERY, q.sqlEditorId ? editorById(getState(), q.sqlEditorId) : null);
    } catch {
      dispatch(toast.danger(SqlLabMessage.STOP_FAILED));
    }
  };
}

/** Fetch stored results by key (async runs, reloads); a failure is the query's error. */
export function fetchQueryResults(id: string): SqlLabThunk {
  return async (dispatch, getState) => {
    const { queries, config } = getState().sqlLab;
    const q = queries[id];
    if (!q?.resultsKey) return;
    dispatch(A.queryFetching(id));
    try {
      const reply = await queryApi.fetchResults(q.resultsKey, q.limit ?? null, config.resultTimeoutMs);
      dispatch(A.querySucceeded({ id, result: reply }));
    } catch (e) {
      const err = toClientError(e);
      dispatch(A.queryFailed({ id, message: err.message || SqlLabMessage.RESULTS_FETCH_FAILED, now: q.endDttm ?? Date.now() }));
    }
  };
}

let polling = false;
/** consecutive server calls without a reply (the store keeps only the resulting `offline` flag) */
let noReplies = 0;

/** Record whether a server call was answered; SQL Lab goes offline and back by the shared rule. */
export function connectivityEvent(event: ConnectivityEvent): SqlLabThunk<void> {
  return (dispatch, getState) => {
    const offline = getState().sqlLab.offline;
    const next = nextConnectivity({ offline, failures: noReplies }, event);
    noReplies = next.failures;
    if (next.offline !== offline) dispatch(A.offlineChanged(next.offline));
  };
}

/** One poll of queries changed since the last one; finished async runs then get their results. */
export function pollQueries(): SqlLabThunk {
  return async (dispatch, getState) => {
    if (polling) return;
    polling = true;
    try {
      const s = getState().sqlLab;
      const since = s.queriesLastUpdate > 0 ? s.queriesLastUpdate : Date.now() - 60_000;
      const { result } = await queryApi.queriesUpdatedSince(Math.max(0, since - POLL_OVERLAP_MS));
      const editorIds = new Set(s.queryEditors.map((e) => e.id));
      const mine = result.filter((r) => s.queries[r.id] || (r.sqlEditorId !== null && editorIds.has(r.sqlEditorId)));
      const at = result.reduce((max, r) => Math.max(max, changedOnMs(r)), s.queriesLastUpdate);
      dispatch(A.queriesRefreshed({ queries: mine, at }));
      dispatch(connectivityEvent('reply'));
      for (const q of Object.values(getState().sqlLab.queries)) {
        if (needsResults(q) && mine.some((r) => r.id === q.id)) void dispatch(fetchQueryResults(q.id));
      }
      dispatch(A.inactiveQueriesCleared({ intervalMs: INACTIVE_QUERY_MS, now: Date.now() }));
    } catch (e) {
      dispatch(connectivityEvent(toClientError(e).status === null ? 'no-reply' : 'reply'));
    } finally {
      polling = false;
    }
  };
}

/** Estimate the cost of the selection, else the whole SQL (spec §5). */
export function estimateQueryCost(editorId: string): SqlLabThunk {
  return async (dispatch, getState) => {
    const editor = editorById(getState(), editorId);
    if (!editor || editor.dbId === null) return;
    dispatch(A.costEstimateStarted(editorId));
    try {
      const { result } = await api.estimateCost({
        database_id: editor.dbId,
        catalog: editor.catalog,
        schema: editor.schema,
        sql: sqlToRun(editor.sql, editor.selectedText),
        template_params: editor.templateParams,
      });
      dispatch(A.costEstimateReturned({ id: editorId, cost: result }));
    } catch (e) {
      dispatch(A.costEstimateFailed({ id: editorId, error: toClientError(e).message || SqlLabMessage.RESULTS_FETCH_FAILED }));
    }
  };
}

/** Format the tab's SQL with the database's dialect. */
export function formatEditorSql(editorId: string): SqlLabThunk {
  return async (dispatch, getState) => {
    const editor = editorById(getState(), editorId);
    if (!editor) return;
    try {
      const { result } = await api.formatSql(editor.sql, editor.dbId);
      dispatch(A.queryEditorChanged({ id: editorId, changes: { sql: result, selectedText: null }, now: Date.now() }));
      logSqlLabEvent(LOG.FORMAT_SQL, editor);
    } catch (e) {
      dispatch(toast.danger(toClientError(e).message));
    }
  };
}

/**
 * Remove a query from its tab's history: gone here at once, then from the tab's server copy
 * (`DELETE /tabstateview/{tab}/query/{client id}`); a failure says so and keeps it removed here.
 */
export function removeQuery(id: string): SqlLabThunk {
  return async (dispatch, getState) => {
    const q = getState().sqlLab.queries[id];
    if (!q) return;
    const editor = q.sqlEditorId ? editorById(getState(), q.sqlEditorId) : null;
    if (editor && editor.tabViewId !== null) {
      // as the peer: the query leaves the history once the server copy of the tab has let it go (a
      // query removed only here would come back with the tab's next refresh); gone already is fine
      try {
        await api.deleteTabQuery(editor.tabViewId, id);
      } catch (e) {
        if (toClientError(e).status !== 404) {
          dispatch(toast.danger(SqlLabMessage.QUERY_REMOVE_FAILED));
          return;
        }
      }
    }
    dispatch(A.queryRemoved(id));
  };
}
