import { describe, expect, it } from 'vitest';
import { newQueryEditor, RESULTS_PANE, type ClientQuery, type QueryEditor, type TableSchema } from '@rama/shared';
import * as A from './actions';
import { initialSqlLabState, sqlLabReducer } from './reducer';
import type { SqlLabState } from './types';

const d = { defaultDbId: 1, defaultQueryLimit: 1000, maxRow: 100000, backendPersistence: true, now: 0 };
const tab = (id: string, over: Partial<QueryEditor> = {}) => newQueryEditor([], null, { ...d, id }, over);
const ready = (editors: QueryEditor[]): SqlLabState =>
  sqlLabReducer(
    initialSqlLabState,
    A.sqlLabLoaded({
      config: initialSqlLabState.config,
      databases: {},
      queryEditors: editors,
      tabHistory: editors.map((e) => e.id),
      queries: {},
      tables: [],
      syncedAt: {},
    }),
  );
const query = (id: string, editorId: string, over: Partial<ClientQuery> = {}): ClientQuery => ({
  id,
  sqlEditorId: editorId,
  state: 'running',
  progress: 0,
  startDttm: 1,
  results: null,
  errorMessage: null,
  ...over,
});
const table = (id: string, editorId: string): TableSchema => ({
  id,
  remoteId: null,
  dbId: 1,
  queryEditorId: editorId,
  catalog: null,
  schema: 'main',
  name: id,
  expanded: true,
  dataPreviewQueryId: null,
  columns: [],
  selectStar: null,
  primaryKey: null,
  foreignKeys: [],
  indexes: [],
  initialized: true,
  inLocalStorage: true,
});

describe('SQL Lab store (spec §4 "Tabs")', () => {
  it('typing in the active tab goes to the unsaved edits; switching saves them into the tab', () => {
    let s = ready([tab('a'), tab('b')]);
    s = sqlLabReducer(s, A.queryEditorChanged({ id: 'b', changes: { sql: 'SELECT 2' }, now: 5 }));
    expect(s.unsavedQueryEditor).toMatchObject({ id: 'b', sql: 'SELECT 2' });
    expect(s.queryEditors[1].sql).toBe('');
    s = sqlLabReducer(s, A.queryEditorSwitched('a'));
    expect(s.unsavedQueryEditor).toBeNull();
    expect(s.queryEditors[1]).toMatchObject({ sql: 'SELECT 2', updatedAt: 5 });
    expect(s.tabHistory).toEqual(['b', 'a']);
  });

  it('closing a tab drops its queries and tables, falls back in the history and is remembered for deletion', () => {
    let s = ready([tab('a'), tab('b', { tabViewId: 9 })]);
    s = sqlLabReducer(s, A.queryStarted({ query: query('q1', 'b'), now: 2 }));
    s = sqlLabReducer(s, A.tableMerged({ table: table('t1', 'b') }));
    s = sqlLabReducer(s, A.queryEditorRemoved({ id: 'b', now: 7 }));
    expect(s.queryEditors.map((e) => e.id)).toEqual(['a']);
    expect(s.tabHistory).toEqual(['a']);
    expect(s.queries).toEqual({});
    expect(s.tables).toEqual([]);
    expect(s.activeSouthPaneTab).toBe(RESULTS_PANE);
    expect(s.destroyedQueryEditors).toEqual({ b: 7 });
    expect(s.pendingTabDeletes).toEqual([9]);
  });

  it('a tab the server dropped (404) is cleared without being deleted again', () => {
    const s = sqlLabReducer(ready([tab('a'), tab('b', { tabViewId: 9 })]), A.queryEditorDroppedRemotely('b'));
    expect(s.queryEditors.map((e) => e.id)).toEqual(['a']);
    expect(s.pendingTabDeletes).toEqual([]);
    expect(s.destroyedQueryEditors).toEqual({});
  });

  it('a migrated tab takes its server id everywhere, and its editor keeps its mount key', () => {
    let s = ready([tab('local')]);
    s = sqlLabReducer(s, A.queryStarted({ query: query('q1', 'local'), now: 2 }));
    s = sqlLabReducer(s, A.tableMerged({ table: table('t1', 'local') }));
    s = sqlLabReducer(s, A.queryEditorMigrated({ oldId: 'local', tabViewId: 12, syncedUpdatedAt: -1 }));
    expect(s.queryEditors[0]).toMatchObject({ id: '12', tabViewId: 12, inLocalStorage: false });
    expect(s.unsavedQueryEditor?.id).toBe('12');
    expect(s.tabHistory).toEqual(['12']);
    expect(s.queries.q1.sqlEditorId).toBe('12');
    expect(s.tables[0].queryEditorId).toBe('12');
    expect(s.mountKeys).toEqual({ '12': 'local' });
  });

  it('an action still holding the id from before the migration reaches the migrated tab', () => {
    let s = ready([tab('local'), tab('other')]);
    s = sqlLabReducer(s, A.queryEditorMigrated({ oldId: 'local', tabViewId: 12, syncedUpdatedAt: -1 }));
    s = sqlLabReducer(s, A.queryEditorChanged({ id: 'local', changes: { sql: 'SELECT 2' }, now: 5 }));
    s = sqlLabReducer(s, A.tableMerged({ table: table('t2', 'local') }));
    s = sqlLabReducer(s, A.queryStarted({ query: query('q2', 'local'), now: 6 }));
    const edited = s.unsavedQueryEditor?.id === '12' ? s.unsavedQueryEditor : s.queryEditors.find((e) => e.id === '12');
    expect(edited).toMatchObject({ sql: 'SELECT 2', latestQueryId: 'q2' });
    expect(s.tables.find((t) => t.id === 't2')?.queryEditorId).toBe('12');
    expect(s.queries.q2.sqlEditorId).toBe('12');
    expect(s.queryEditors.some((e) => e.id === 'local')).toBe(false);
  });
});

describe('SQL Lab store (spec §4 "Query states")', () => {
  it("start makes the query the tab's latest and shows Results", () => {
    let s = ready([tab('a')]);
    s = sqlLabReducer(s, A.southPaneTabChanged('History'));
    s = sqlLabReducer(s, A.queryStarted({ query: query('q1', 'a'), now: 3 }));
    expect(s.unsavedQueryEditor).toMatchObject({ id: 'a', latestQueryId: 'q1' });
    expect(s.activeSouthPaneTab).toBe(RESULTS_PANE);
  });

  it("a data preview does not become the tab's latest query", () => {
    let s = ready([tab('a')]);
    s = sqlLabReducer(s, A.queryStarted({ query: query('p1', 'a', { isDataPreview: true }), now: 3 }));
    expect(s.unsavedQueryEditor).toBeNull();
    expect(s.queries.p1).toBeDefined();
  });

  it('a late success after a stop is ignored', () => {
    let s = ready([tab('a')]);
    s = sqlLabReducer(s, A.queryStarted({ query: query('q1', 'a'), now: 3 }));
    s = sqlLabReducer(s, A.queryStoppedAction('q1'));
    const result = { status: 'success', data: [{ x: 1 }], columns: [], query: { rows: 1 } } as unknown as Parameters<
      typeof A.querySucceeded
    >[0]['result'];
    s = sqlLabReducer(s, A.querySucceeded({ id: 'q1', result }));
    expect(s.queries.q1.state).toBe('stopped');
    expect(s.queries.q1.results).toBeNull();
  });
});
