import { createSelector } from '@reduxjs/toolkit';
import {
  applyUnsavedEdits,
  inProgress,
  withUnsavedEdits,
  type ClientQuery,
  type QueryEditor,
  type SqlLabDatabase,
  type TableSchema,
} from '@rama/shared';
import type { RootState } from '../../core/state';
import type { SqlLabState } from './types';

export const selectSqlLab = (state: RootState): SqlLabState => state.sqlLab;
export const selectActiveEditorId = (state: RootState): string | null => {
  const h = state.sqlLab.tabHistory;
  return h[h.length - 1] ?? null;
};

/** Tabs in display order with the pending edits applied. */
export const selectQueryEditors = createSelector(
  [(s: RootState) => s.sqlLab.queryEditors, (s: RootState) => s.sqlLab.unsavedQueryEditor],
  (editors, unsaved): QueryEditor[] => applyUnsavedEdits(editors, unsaved),
);

/** Display order and names only: the tab bar does not re-render while typing. */
export const selectTabList = createSelector(
  [
    (s: RootState) => s.sqlLab.queryEditors,
    (s: RootState) => s.sqlLab.unsavedQueryEditor?.name,
    (s: RootState) => s.sqlLab.unsavedQueryEditor?.id,
  ],
  (editors, name, id) => editors.map((e) => ({ id: e.id, name: e.id === id && name !== undefined ? name : e.name, remoteId: e.remoteId })),
);

export const selectActiveEditor = createSelector(
  [(s: RootState) => s.sqlLab.queryEditors, (s: RootState) => s.sqlLab.unsavedQueryEditor, selectActiveEditorId],
  (editors, unsaved, id): QueryEditor | null => {
    const e = editors.find((x) => x.id === id);
    return e ? withUnsavedEdits(e, unsaved) : null;
  },
);

export const selectDatabases = (s: RootState): Record<string, SqlLabDatabase> => s.sqlLab.databases;

export const selectDatabaseList = createSelector([selectDatabases], (dbs) =>
  Object.values(dbs).sort((a, b) => a.database_name.localeCompare(b.database_name)),
);

export const selectEditorDatabase = createSelector([selectActiveEditor, selectDatabases], (e, dbs): SqlLabDatabase | null =>
  e?.dbId !== null && e?.dbId !== undefined ? (dbs[String(e.dbId)] ?? null) : null,
);

export const selectLatestQuery = createSelector(
  [selectActiveEditor, (s: RootState) => s.sqlLab.queries],
  (e, queries): ClientQuery | null => (e?.latestQueryId ? (queries[e.latestQueryId] ?? null) : null),
);

/** This editor's queries, newest first (the south pane's Query history). */
export const selectEditorQueries = createSelector(
  [selectActiveEditorId, (s: RootState) => s.sqlLab.queries],
  (id, queries): ClientQuery[] =>
    Object.values(queries)
      .filter((q) => q.sqlEditorId === id && !q.isDataPreview)
      .sort((a, b) => (b.startDttm ?? 0) - (a.startDttm ?? 0)),
);

export const selectEditorTables = createSelector([selectActiveEditorId, (s: RootState) => s.sqlLab.tables], (id, tables): TableSchema[] =>
  tables.filter((t) => t.queryEditorId === id),
);

export const selectAnyQueryInProgress = (s: RootState): boolean => Object.values(s.sqlLab.queries).some(inProgress);
