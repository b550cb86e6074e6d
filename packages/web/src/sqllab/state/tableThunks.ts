/** Table schemas in the left bar (spec §3 "Table schema", §4 "Tables", §8 table schema toasts). */
import { nanoid } from '@reduxjs/toolkit';
import { newTableSchema, sameTable, SqlLabMessage, tableSchemaCreate, type TableKey, type TableSchema } from '@rama/shared';
import { toClientError } from '../../core/api';
import { databaseApi } from '../../databases/databaseApi';
import * as A from './actions';
import * as api from './sqlLabApi';
import { editorById, type SqlLabThunk } from './thunk';
import { toast } from './toast';

export type TableRef = Omit<TableKey, 'queryEditorId'>;

/** Add a table to the tab's left bar with its metadata; its server copy follows when the tab has one. */
export function addTable(editorId: string, tableRef: TableRef): SqlLabThunk {
  return async (dispatch, getState) => {
    const ref = { ...tableRef, queryEditorId: editorId };
    const existing = getState().sqlLab.tables.find((t) => sameTable(t, ref));
    const table: TableSchema = existing ?? newTableSchema(nanoid(), ref);
    dispatch(A.tableMerged({ table: { ...table, expanded: true } }));
    if (existing?.initialized) return;
    try {
      const meta = await api.getTableMetadata(ref.dbId, ref.catalog, ref.schema, ref.name);
      dispatch(
        A.tableChanged({
          id: table.id,
          changes: {
            columns: meta.columns,
            selectStar: meta.selectStar,
            primaryKey: meta.primaryKey,
            foreignKeys: meta.foreignKeys,
            indexes: meta.indexes,
            initialized: true,
          },
        }),
      );
    } catch {
      dispatch(toast.danger(SqlLabMessage.TABLE_METADATA_FAILED));
      dispatch(A.tablesRemoved([table.id]));
      return;
    }
    const editor = editorById(getState(), editorId);
    const current = getState().sqlLab.tables.find((t) => t.id === table.id);
    if (!editor || editor.tabViewId === null || !current || current.remoteId !== null) return;
    try {
      const { id } = await api.createTableSchema(tableSchemaCreate(current, editor.tabViewId));
      dispatch(A.tableChanged({ id: table.id, changes: { remoteId: id, inLocalStorage: false } }));
    } catch {
      // kept locally; the backend sync saves it later
    }
  };
}

export function setTableExpanded(table: TableSchema, expanded: boolean): SqlLabThunk {
  return async (dispatch) => {
    dispatch(A.tableChanged({ id: table.id, changes: { expanded } }));
    if (table.remoteId === null) return;
    try {
      await api.setTableSchemaExpanded(table.remoteId, expanded);
    } catch {
      dispatch(toast.danger(expanded ? SqlLabMessage.TABLE_EXPAND_FAILED : SqlLabMessage.TABLE_COLLAPSE_FAILED));
    }
  };
}

export function removeTable(table: TableSchema): SqlLabThunk {
  return async (dispatch) => {
    dispatch(A.tablesRemoved([table.id]));
    if (table.remoteId === null) return;
    try {
      await api.deleteTableSchema(table.remoteId);
    } catch (e) {
      if (toClientError(e).status !== 404) dispatch(toast.danger(SqlLabMessage.TABLE_REMOVE_FAILED));
    }
  };
}

/**
 * The left bar's Refresh: schemas (and a schema's tables) again from the database, past the
 * server's metadata cache (`force`, as the peer's `?q=(force:!t)`). The replies land in the same
 * cache entries the left bar reads, since `force` is not part of their key.
 */
export function refreshDatabaseMetadata(dbId: number, catalog: string | null, schema: string | null): SqlLabThunk {
  return async (dispatch) => {
    const opts = { forceRefetch: true, subscribe: false } as const;
    const calls: Promise<unknown>[] = [
      dispatch(databaseApi.endpoints.getSchemas.initiate({ databaseId: dbId, catalog, force: true }, opts)),
    ];
    if (schema) calls.push(dispatch(databaseApi.endpoints.getTables.initiate({ databaseId: dbId, catalog, schema, force: true }, opts)));
    await Promise.all(calls);
  };
}
