/** Table schemas in the left bar and their south-pane previews (sql-editor.md §3 "Table schema", §4 "Tables"). */
import type { TableColumnMeta, TableMetadataReply } from '../api/database.js';

/** The south pane's fixed tabs; a previewed table's tab is keyed by the table id. */
export const RESULTS_PANE = 'Results';
export const HISTORY_PANE = 'History';

/** A table schema as the client holds it (spec §3 "Table schema (client state)"). */
export interface TableSchema {
  id: string;
  /** the server copy's id (`/tableschemaview/{id}`), when backend persistence holds one */
  remoteId: number | null;
  dbId: number;
  queryEditorId: string;
  catalog: string | null;
  schema: string | null;
  name: string;
  expanded: boolean;
  dataPreviewQueryId: string | null;
  columns: TableColumnMeta[];
  selectStar: string | null;
  primaryKey: TableMetadataReply['primaryKey'] | null;
  foreignKeys: TableMetadataReply['foreignKeys'];
  indexes: TableMetadataReply['indexes'];
  initialized: boolean;
  inLocalStorage: boolean;
}

export type TableKey = Pick<TableSchema, 'dbId' | 'queryEditorId' | 'catalog' | 'schema' | 'name'>;

/** A table just added to a tab: expanded, its metadata not loaded yet, kept locally until synced. */
export function newTableSchema(id: string, ref: TableKey): TableSchema {
  return {
    id,
    remoteId: null,
    ...ref,
    expanded: true,
    dataPreviewQueryId: null,
    columns: [],
    selectStar: null,
    primaryKey: null,
    foreignKeys: [],
    indexes: [],
    initialized: false,
    inLocalStorage: true,
  };
}

export interface TablesState {
  tables: TableSchema[];
  activeSouthPaneTab: string;
}

/** Tables are the same when database, editor, catalog, schema and name match (spec §4 "Merging"). */
export function sameTable(a: TableKey, b: TableKey): boolean {
  return a.dbId === b.dbId && a.queryEditorId === b.queryEditorId && a.catalog === b.catalog && a.schema === b.schema && a.name === b.name;
}

/**
 * Merge a table: an existing match takes the new fields (keeping its id and server id) and the
 * data-preview query when one is given; an expanded merge activates its south-pane tab. A new
 * table is appended and becomes the active south-pane tab.
 */
export function mergeTable(state: TablesState, table: TableSchema, previewQueryId: string | null = null): TablesState {
  const existing = state.tables.find((t) => sameTable(t, table));
  if (existing) {
    const merged: TableSchema = {
      ...existing,
      ...table,
      id: existing.id,
      remoteId: table.remoteId ?? existing.remoteId,
      dataPreviewQueryId: previewQueryId ?? existing.dataPreviewQueryId,
    };
    return {
      tables: state.tables.map((t) => (t === existing ? merged : t)),
      activeSouthPaneTab: merged.expanded ? merged.id : state.activeSouthPaneTab,
    };
  }
  return {
    tables: [...state.tables, { ...table, dataPreviewQueryId: previewQueryId }],
    activeSouthPaneTab: table.id,
  };
}

/**
 * Remove tables; when the active south-pane tab was one of them, it moves to another table of
 * that editor, or to 'Results'.
 */
export function removeTables(state: TablesState, ids: readonly string[]): TablesState {
  const removed = state.tables.filter((t) => ids.includes(t.id));
  if (!removed.length) return state;
  const tables = state.tables.filter((t) => !ids.includes(t.id));
  if (!ids.includes(state.activeSouthPaneTab)) return { tables, activeSouthPaneTab: state.activeSouthPaneTab };
  const editorId = removed[0].queryEditorId;
  return { tables, activeSouthPaneTab: tables.find((t) => t.queryEditorId === editorId)?.id ?? RESULTS_PANE };
}

/** Which columns of a table carry a primary key, foreign key or index marker. */
export function columnKeyMarkers(
  table: Pick<TableSchema, 'primaryKey' | 'foreignKeys' | 'indexes'>,
  column: string,
): ('pk' | 'fk' | 'index')[] {
  const out: ('pk' | 'fk' | 'index')[] = [];
  if (table.primaryKey?.constrained_columns.includes(column)) out.push('pk');
  if (table.foreignKeys.some((fk) => fk.constrained_columns.includes(column))) out.push('fk');
  if (table.indexes.some((ix) => ix.column_names.includes(column))) out.push('index');
  return out;
}
