/** The browser copy of SQL Lab (spec §4: "Storing editor state locally ignores errors silently"). */
import { pruneQueriesForStorage, storedKb, type QueryEditor, type QueryMap, type TableSchema, type UnsavedEdits } from '@rama/shared';
import type { SqlLabState, WithSqlLab } from './types';

export interface LocalSnapshot {
  version: 1;
  savedAt: number;
  queryEditors: QueryEditor[];
  tabHistory: string[];
  tables: TableSchema[];
  queries: QueryMap;
  unsavedQueryEditor: UnsavedEdits | null;
  destroyedQueryEditors: Record<string, number>;
}

/** One copy per user: two people sharing a browser never see each other's tabs. */
export const storageKey = (userId: number) => `rama.sqllab.${userId}`;

const bigintSafe = (_key: string, value: unknown) => (typeof value === 'bigint' ? value.toString() : value);

function snapshotOf(s: SqlLabState, withResults: boolean): LocalSnapshot {
  const editorIds = new Set(s.queryEditors.map((e) => e.id));
  const kept: QueryMap = {};
  for (const [id, q] of Object.entries(s.queries))
    if (q.sqlEditorId && editorIds.has(q.sqlEditorId)) kept[id] = withResults ? q : { ...q, results: null };
  return {
    version: 1,
    savedAt: Date.now(),
    queryEditors: s.queryEditors,
    tabHistory: s.tabHistory,
    tables: s.tables,
    queries: withResults ? pruneQueriesForStorage(kept, Date.now()) : kept,
    unsavedQueryEditor: s.unsavedQueryEditor,
    destroyedQueryEditors: s.destroyedQueryEditors,
  };
}

/**
 * Write the snapshot; when the browser's quota is exceeded, again without result rows; errors are
 * ignored. Returns the KB SQL Lab's copy takes (what was written, or tried when nothing could be),
 * null when nothing was to be written.
 */
export function saveLocalSnapshot(s: SqlLabState): number | null {
  if (s.status !== 'ready' || !s.config.userId) return null;
  const key = storageKey(s.config.userId);
  let text = '';
  try {
    text = JSON.stringify(snapshotOf(s, true), bigintSafe);
    localStorage.setItem(key, text);
    return storedKb(text);
  } catch {
    const tried = text;
    try {
      text = JSON.stringify(snapshotOf(s, false), bigintSafe);
      localStorage.setItem(key, text);
      return storedKb(text);
    } catch {
      // storing locally is best effort
      return storedKb(tried.length > text.length ? tried : text);
    }
  }
}

let loaded: LocalSnapshot | null = null;

export function readLocalSnapshot(userId: number): LocalSnapshot | null {
  try {
    const text = localStorage.getItem(storageKey(userId));
    if (!text) return null;
    const value = JSON.parse(text) as Partial<LocalSnapshot>;
    if (value.version !== 1 || !Array.isArray(value.queryEditors) || !Array.isArray(value.tabHistory)) return null;
    loaded = {
      version: 1,
      savedAt: Number(value.savedAt) || 0,
      queryEditors: value.queryEditors,
      tabHistory: value.tabHistory,
      tables: Array.isArray(value.tables) ? value.tables : [],
      queries: value.queries && typeof value.queries === 'object' ? value.queries : {},
      unsavedQueryEditor: value.unsavedQueryEditor ?? null,
      destroyedQueryEditors: value.destroyedQueryEditors ?? {},
    };
    return loaded;
  } catch {
    return null;
  }
}

/** The browser's copy of a tab as read at load time, with its pending edits applied. */
export function readLocalEditor(_state: WithSqlLab, id: string): QueryEditor | undefined {
  const e = loaded?.queryEditors.find((x) => x.id === id);
  if (!e) return undefined;
  const u = loaded?.unsavedQueryEditor;
  return u && u.id === id ? { ...e, ...u } : e;
}
