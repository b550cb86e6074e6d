/** The client tab ⇄ server tab state mapping (sql-editor.md §3 "Server tab state", §4 "Tab persistence", §7). */
import type { TableSchemaRecord, TabStateRecord } from '../api/sqllab.js';
import type { TableMetadataReply, TableColumnMeta } from '../api/database.js';
import type { QueryEditor } from './tabs.js';
import type { TableSchema } from './tables.js';

export interface TabDefaults {
  maxRow: number;
  defaultQueryLimit: number;
}

/** Client-only fields kept in the server copy's extra_json, beside updatedAt and version. */
interface EditorExtra {
  updatedAt?: number;
  version?: number;
  northPercent?: number;
  southPercent?: number;
  selectedText?: string | null;
  cursorPosition?: { row: number; column: number };
}

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

function readExtra(extra: Record<string, unknown>): EditorExtra {
  const cursor = extra.cursorPosition;
  const validCursor =
    typeof cursor === 'object' &&
    cursor !== null &&
    num((cursor as { row?: unknown }).row) !== undefined &&
    num((cursor as { column?: unknown }).column) !== undefined
      ? (cursor as { row: number; column: number })
      : undefined;
  const updatedAt = typeof extra.updatedAt === 'string' ? Date.parse(extra.updatedAt) : num(extra.updatedAt);
  return {
    updatedAt: Number.isFinite(updatedAt) ? updatedAt : undefined,
    northPercent: num(extra.northPercent),
    southPercent: num(extra.southPercent),
    selectedText: typeof extra.selectedText === 'string' ? extra.selectedText : null,
    cursorPosition: validCursor,
  };
}

/** A tab known only by id and label until it is opened (tabs other than the active one load lazily). */
export function queryEditorStub(id: number, label: string, d: TabDefaults): QueryEditor {
  return {
    id: String(id),
    remoteId: null,
    name: label,
    sql: '',
    selectedText: null,
    dbId: null,
    catalog: null,
    schema: null,
    queryLimit: d.defaultQueryLimit,
    maxRow: d.maxRow,
    autorun: false,
    templateParams: null,
    latestQueryId: null,
    loaded: false,
    inLocalStorage: false,
    hideLeftBar: false,
    cursorPosition: { row: 0, column: 0 },
    updatedAt: 0,
    version: 1,
    northPercent: 50,
    southPercent: 50,
    tabViewId: id,
  };
}

/** The client tab for a server tab state. */
export function queryEditorFromTabState(tab: TabStateRecord, d: TabDefaults): QueryEditor {
  const extra = readExtra(tab.extra_json ?? {});
  return {
    ...queryEditorStub(tab.id, tab.label, d),
    remoteId: tab.saved_query?.id ?? null,
    sql: tab.sql,
    selectedText: extra.selectedText ?? null,
    dbId: tab.database_id,
    catalog: tab.catalog || null,
    schema: tab.schema || null,
    queryLimit: tab.query_limit ?? d.defaultQueryLimit,
    autorun: tab.autorun,
    templateParams: tab.template_params,
    latestQueryId: tab.latest_query?.id ?? null,
    loaded: true,
    hideLeftBar: tab.hide_left_bar,
    cursorPosition: extra.cursorPosition ?? { row: 0, column: 0 },
    updatedAt: extra.updatedAt ?? 0,
    northPercent: extra.northPercent ?? 50,
    southPercent: extra.southPercent ?? 50,
  };
}

/**
 * The server copy wins unless the browser holds edits made after it was saved (a reload within
 * the sync debounce, or the server unreachable for a while): those are kept and synced again.
 */
export function preferNewerEditor(local: QueryEditor | undefined, server: QueryEditor): { editor: QueryEditor; localIsNewer: boolean } {
  if (local && local.updatedAt > server.updatedAt) {
    return {
      editor: { ...server, ...local, id: server.id, tabViewId: server.tabViewId, loaded: true, inLocalStorage: false },
      localIsNewer: true,
    };
  }
  return { editor: server, localIsNewer: false };
}

/** PUT /tabstateview/{id}: every synced field of the tab. */
export function tabStateUpdate(e: QueryEditor): Record<string, unknown> {
  const extra: EditorExtra = {
    updatedAt: e.updatedAt,
    version: e.version,
    northPercent: e.northPercent,
    southPercent: e.southPercent,
    selectedText: e.selectedText,
    cursorPosition: e.cursorPosition,
  };
  return {
    database_id: e.dbId,
    catalog: e.catalog,
    schema: e.schema,
    sql: e.sql,
    label: e.name,
    query_limit: e.queryLimit,
    latest_query_id: e.latestQueryId,
    template_params: e.templateParams,
    hide_left_bar: e.hideLeftBar,
    autorun: e.autorun,
    extra_json: extra,
    ...(e.remoteId !== null ? { saved_query_id: e.remoteId } : {}),
  };
}

/** POST /tabstateview/: the whole client tab as `queryEditor`. */
export function tabStateCreate(e: QueryEditor): { queryEditor: Record<string, unknown> } {
  return {
    queryEditor: {
      name: e.name,
      dbId: e.dbId,
      catalog: e.catalog,
      schema: e.schema,
      sql: e.sql,
      queryLimit: e.queryLimit,
      autorun: e.autorun,
      templateParams: e.templateParams,
      hideLeftBar: e.hideLeftBar,
      latestQueryId: e.latestQueryId,
      remoteId: e.remoteId,
      updatedAt: e.updatedAt,
      version: e.version,
    },
  };
}

/** POST /tableschemaview/: the client table as `table`; metadata goes into the server's description. */
export function tableSchemaCreate(t: TableSchema, tabViewId: number): { table: Record<string, unknown> } {
  return {
    table: {
      dbId: t.dbId,
      queryEditorId: tabViewId,
      catalog: t.catalog,
      schema: t.schema,
      name: t.name,
      expanded: t.expanded,
      columns: t.columns,
      selectStar: t.selectStar,
      primaryKey: t.primaryKey,
      foreignKeys: t.foreignKeys,
      indexes: t.indexes,
    },
  };
}

const arr = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);

/** The client table for a server table schema; metadata comes back from its description. */
export function tableFromServer(r: TableSchemaRecord, queryEditorId: string): TableSchema {
  const d = r.description ?? {};
  const pk = d.primaryKey as TableMetadataReply['primaryKey'] | null | undefined;
  const columns = arr<TableColumnMeta>(d.columns);
  return {
    id: `remote-${r.id}`,
    remoteId: r.id,
    dbId: r.database_id,
    queryEditorId,
    catalog: r.catalog,
    schema: r.schema,
    name: r.table,
    expanded: r.expanded,
    dataPreviewQueryId: null,
    columns,
    selectStar: typeof d.selectStar === 'string' ? d.selectStar : null,
    primaryKey: pk && Array.isArray(pk.constrained_columns) ? pk : null,
    foreignKeys: arr(d.foreignKeys),
    indexes: arr(d.indexes),
    initialized: columns.length > 0,
    inLocalStorage: false,
  };
}
