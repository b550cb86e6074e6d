/** The ways SQL Lab is opened with a query (spec §2 "SQL editor page", §8 load toasts). */
import { parseDatasourceKey, SqlLabMessage, type QueryEditor } from '@rama/shared';
import * as api from './sqlLabApi';
import { addTab, switchTab } from './tabThunks';
import type { SqlLabThunk } from './thunk';
import { toast } from './toast';
import { copyTabName, sharedQueryTabName } from './tabNames';
import * as A from './actions';

export interface RequestedQuery {
  datasourceKey?: string | null;
  sql: string;
  dbId?: number | null;
  schema?: string | null;
  name?: string | null;
}

/** A chart's SQL: the datasource tells the database and schema when they were not sent. */
export function openRequestedQuery(req: RequestedQuery): SqlLabThunk {
  return async (dispatch) => {
    let dbId = req.dbId ?? null;
    let schema = req.schema ?? null;
    const key = parseDatasourceKey(req.datasourceKey);
    if (dbId === null && key) {
      dispatch(A.datasourceLoading({ loading: true, error: null }));
      try {
        const { result } = await api.getDatasetForSqlLab(key.id);
        dbId = result.database.id;
        schema = result.schema;
        dispatch(A.datasourceLoading({ loading: false, error: null }));
      } catch {
        dispatch(A.datasourceLoading({ loading: false, error: SqlLabMessage.DATASOURCE_LOAD_FAILED }));
        dispatch(toast.danger(SqlLabMessage.DATASOURCE_LOAD_FAILED));
      }
    }
    const fields: Partial<QueryEditor> = { sql: req.sql, ...(req.name ? { name: req.name } : {}) };
    if (dbId !== null) Object.assign(fields, { dbId, schema, catalog: null });
    dispatch(addTab(fields));
  };
}

/** The values of a form post (`POST /sqllab/` → `?form_key=`). */
export function openFormData(formKey: string): SqlLabThunk {
  return async (dispatch) => {
    try {
      const { result } = await api.getFormData(formKey);
      await dispatch(openRequestedQuery({ datasourceKey: result.datasourceKey, sql: result.sql }));
    } catch {
      dispatch(toast.danger(SqlLabMessage.QUERY_LOAD_FAILED));
    }
  };
}

/** A saved query opens in a new tab, unless a tab already holds it. */
export function openSavedQuery(id: number): SqlLabThunk {
  return async (dispatch, getState) => {
    const open = getState().sqlLab.queryEditors.find((e) => e.remoteId === id);
    if (open) {
      dispatch(switchTab(open.id));
      return;
    }
    try {
      const { result } = await api.getSavedQuery(id);
      dispatch(
        addTab({
          name: result.label,
          sql: result.sql,
          dbId: result.db_id ?? result.database?.id ?? null,
          catalog: result.catalog,
          schema: result.schema,
          templateParams: result.template_parameters,
          remoteId: result.id,
          autorun: false,
        }),
      );
    } catch {
      dispatch(toast.danger(SqlLabMessage.QUERY_LOAD_FAILED));
    }
  };
}

/** A query from the history opens its SQL in a new tab. */
export function openQueryById(id: number): SqlLabThunk {
  return async (dispatch) => {
    try {
      const { result } = await api.getQueryDetail(id);
      dispatch(
        addTab({
          name: result.tab_name ? copyTabName(result.tab_name) : undefined,
          sql: result.sql,
          dbId: result.database.id,
          catalog: result.catalog,
          schema: result.schema,
          templateParams: result.template_params,
          autorun: false,
        }),
      );
    } catch {
      dispatch(toast.danger(SqlLabMessage.QUERY_LOAD_FAILED));
    }
  };
}

/** A permalink opens in a new tab named from it. */
export function openPermalink(key: string): SqlLabThunk {
  return async (dispatch) => {
    try {
      const p = await api.getPermalink(key);
      dispatch(
        addTab({
          name: p.name || sharedQueryTabName(),
          sql: p.sql,
          dbId: p.dbId,
          catalog: p.catalog,
          schema: p.schema,
          templateParams: p.templateParams,
          autorun: p.autorun,
        }),
      );
    } catch {
      dispatch(toast.danger(SqlLabMessage.QUERY_LOAD_FAILED));
    }
  };
}
