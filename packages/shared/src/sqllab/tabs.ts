/** Query editor tabs: naming, creation, cloning, switching and closing (sql-editor.md §3, §4, §9). */
import { NEW_TAB_SQL } from '../constants.js';

/** A SQL Lab tab as the client holds it (spec §3 "Query editor tab"). */
export interface QueryEditor {
  id: string;
  /** the saved query id */
  remoteId: number | null;
  name: string;
  sql: string;
  selectedText: string | null;
  dbId: number | null;
  catalog: string | null;
  schema: string | null;
  queryLimit: number;
  maxRow: number;
  autorun: boolean;
  templateParams: string | null;
  latestQueryId: string | null;
  loaded: boolean;
  inLocalStorage: boolean;
  hideLeftBar: boolean;
  cursorPosition: { row: number; column: number };
  updatedAt: number;
  version: 1;
  northPercent: number;
  southPercent: number;
  /** server tab state id, when backend persistence holds a copy */
  tabViewId: number | null;
}

export const UNTITLED_PREFIX = 'Untitled Query';
export const NO_PERSISTENCE_WARNING =
  '-- Note: Unless you save your query, these tabs will NOT persist if you clear your cookies or change browsers.\n\n';

/** 'Untitled Query N' where N is one above the highest existing number. */
export function nextUntitledName(names: readonly string[]): string {
  let max = 0;
  const re = new RegExp(`^${UNTITLED_PREFIX} (\\d+)$`);
  for (const n of names) {
    const m = re.exec(n);
    if (m) max = Math.max(max, Number(m[1]));
  }
  return `${UNTITLED_PREFIX} ${max + 1}`;
}

/** 'Copy of {name}' (spec §9). */
export const cloneName = (name: string): string => `Copy of ${name}`;

export interface NewTabDefaults {
  id: string;
  defaultDbId: number | null;
  defaultQueryLimit: number;
  maxRow: number;
  backendPersistence: boolean;
  now: number;
}

/**
 * A new tab copies database, catalog, schema, limit and autorun from the active tab. Its SQL is
 * empty: the editor shows 'SELECT ...' (NEW_TAB_SQL) as a placeholder, so typing starts a query
 * rather than appending to one. Without backend persistence the tab holds the warning comment
 * and 'SELECT ...' as text, as the peer's does.
 */
export function newQueryEditor(
  existingNames: readonly string[],
  active: QueryEditor | null,
  d: NewTabDefaults,
  overrides: Partial<QueryEditor> = {},
): QueryEditor {
  const editor: QueryEditor = {
    id: d.id,
    remoteId: null,
    name: nextUntitledName(existingNames),
    // the warning is text, so no placeholder can show under it: the peer's 'SELECT ...' follows it
    sql: d.backendPersistence ? '' : `${NO_PERSISTENCE_WARNING}${NEW_TAB_SQL}`,
    selectedText: null,
    dbId: active?.dbId ?? d.defaultDbId,
    catalog: active?.catalog ?? null,
    schema: active?.schema ?? null,
    queryLimit: active?.queryLimit ?? d.defaultQueryLimit,
    maxRow: d.maxRow,
    autorun: active?.autorun ?? false,
    templateParams: null,
    latestQueryId: null,
    loaded: true,
    inLocalStorage: true,
    hideLeftBar: active?.hideLeftBar ?? false,
    cursorPosition: { row: 0, column: 0 },
    updatedAt: d.now,
    version: 1,
    northPercent: active?.northPercent ?? 50,
    southPercent: active?.southPercent ?? 50,
    tabViewId: null,
    ...overrides,
  };
  // an empty catalog or schema name means none (older records and form posts carry '')
  return { ...editor, catalog: editor.catalog || null, schema: editor.schema || null };
}

/** Cloning names the copy 'Copy of {name}', sets autorun, and copies db, catalog, schema, sql, limit and max rows. */
export function cloneQueryEditor(source: QueryEditor, d: NewTabDefaults): QueryEditor {
  return newQueryEditor([], source, d, {
    name: cloneName(source.name),
    autorun: true,
    dbId: source.dbId,
    catalog: source.catalog,
    schema: source.schema,
    sql: source.sql,
    queryLimit: source.queryLimit,
    maxRow: source.maxRow,
    templateParams: source.templateParams,
  });
}

/** Switching puts the chosen tab last in the history (the last id is the active tab). */
export function activateInHistory(history: readonly string[], id: string): string[] {
  return [...history.filter((x) => x !== id), id];
}

/** The tab next to the active one in display order, wrapping around (direction +1 / -1). */
export function adjacentTabId(order: readonly string[], activeId: string | null, direction: 1 | -1): string | null {
  if (!order.length) return null;
  const i = activeId === null ? -1 : order.indexOf(activeId);
  if (i < 0) return order[0];
  return order[(i + direction + order.length) % order.length];
}

/** Removing a tab drops it from the history; the fallback is the last remaining tab in the history. */
export function removeFromHistory(history: readonly string[], id: string): { history: string[]; activeId: string | null } {
  const next = history.filter((x) => x !== id);
  return { history: next, activeId: next.length ? next[next.length - 1] : null };
}

/** The pending edits of the active tab, kept apart from the tab list (spec §3 "Unsaved edits"). */
export type UnsavedEdits = Partial<Omit<QueryEditor, 'id'>> & { id: string };

/** A tab with the pending edits applied, when they are for it. */
export function withUnsavedEdits(editor: QueryEditor, unsaved: UnsavedEdits | null): QueryEditor {
  return unsaved && unsaved.id === editor.id ? { ...editor, ...unsaved } : editor;
}

/** Fold the pending edits into the tab list (adding or switching a tab saves them first). */
export function applyUnsavedEdits(editors: readonly QueryEditor[], unsaved: UnsavedEdits | null): QueryEditor[] {
  if (!unsaved) return [...editors];
  return editors.map((e) => withUnsavedEdits(e, unsaved));
}

/** Record edits: to the pending edits when the tab is the active one, else straight into the tab list. */
export function editQueryEditor(
  state: { queryEditors: readonly QueryEditor[]; unsaved: UnsavedEdits | null; activeId: string | null },
  id: string,
  changes: Partial<Omit<QueryEditor, 'id'>>,
  now: number,
): { queryEditors: QueryEditor[]; unsaved: UnsavedEdits | null } {
  const stamped = { ...changes, updatedAt: now };
  if (id === state.activeId) {
    const base = state.unsaved && state.unsaved.id === id ? state.unsaved : { id };
    const editors =
      state.unsaved && state.unsaved.id !== id ? applyUnsavedEdits(state.queryEditors, state.unsaved) : [...state.queryEditors];
    return { queryEditors: editors, unsaved: { ...base, ...stamped } };
  }
  return { queryEditors: state.queryEditors.map((e) => (e.id === id ? { ...e, ...stamped } : e)), unsaved: state.unsaved };
}

/** Autorun runs a tab's SQL as the tab opens — never an empty tab or the new-tab placeholder. */
export function shouldAutorun(e: Pick<QueryEditor, 'autorun' | 'sql'>): boolean {
  const sql = e.sql.replace(NO_PERSISTENCE_WARNING, '').trim();
  return e.autorun && sql.length > 0 && sql !== NEW_TAB_SQL;
}
