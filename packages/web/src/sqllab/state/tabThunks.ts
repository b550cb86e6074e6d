/** Tabs: add, clone, switch, close, rename, lazy load (spec §4 "Tabs"). */
import { nanoid } from '@reduxjs/toolkit';
import {
  adjacentTabId,
  cloneQueryEditor,
  newQueryEditor,
  preferNewerEditor,
  queryEditorFromTabState,
  shouldAutorun,
  SqlLabMessage,
  tableFromServer,
  type NewTabDefaults,
  type QueryEditor,
} from '@rama/shared';
import { toClientError } from '../../core/api';
import type { RootState } from '../../core/state';
import * as A from './actions';
import * as api from './sqlLabApi';
import { fetchQueryResults, runEditorQuery } from './queryThunks';
import { activeEditor, editorById, LOG, logSqlLabEvent, type SqlLabThunk } from './thunk';
import { toast } from './toast';
import { readLocalEditor } from './localStore';
import { copyTabName, nextUntitledTabName } from './tabNames';

export function tabDefaults(state: RootState): NewTabDefaults {
  const { config, databases } = state.sqlLab;
  const ids = Object.keys(databases).map(Number);
  const defaultDbId =
    config.defaultDbId !== null && ids.includes(config.defaultDbId) ? config.defaultDbId : ids.length ? Math.min(...ids) : null;
  return {
    id: nanoid(),
    defaultDbId,
    defaultQueryLimit: Math.min(config.defaultQueryLimit, config.sqlMaxRow),
    maxRow: config.sqlMaxRow,
    backendPersistence: config.backendPersistence,
    now: Date.now(),
  };
}

const names = (state: RootState) => state.sqlLab.queryEditors.map((e) => e.name);

/** A new tab: copies database, catalog, schema, limit and autorun from the active tab. */
export function addTab(overrides: Partial<QueryEditor> = {}): SqlLabThunk<QueryEditor> {
  return (dispatch, getState) => {
    const state = getState();
    const given = Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined)) as Partial<QueryEditor>;
    // the spec's 'Untitled Query N', in the user's language
    given.name ??= nextUntitledTabName(names(state));
    const editor = newQueryEditor(names(state), activeEditor(state), tabDefaults(state), given);
    dispatch(A.queryEditorAdded(editor));
    logSqlLabEvent(LOG.ADD_TAB, editor);
    if (shouldAutorun(editor)) void dispatch(runEditorQuery(editor.id));
    return editor;
  };
}

/** 'Copy of {name}', with autorun: the copy runs as it opens. */
export function cloneTab(id: string): SqlLabThunk<void> {
  return (dispatch, getState) => {
    const source = editorById(getState(), id);
    if (!source) return;
    // the spec's 'Copy of {name}', in the user's language
    const copy = { ...cloneQueryEditor(source, tabDefaults(getState())), name: copyTabName(source.name) };
    dispatch(A.queryEditorAdded(copy));
    logSqlLabEvent(LOG.ADD_TAB, copy, { cloned_from: id });
    void dispatch(runEditorQuery(copy.id));
  };
}

/** Load a tab the bootstrap only named; local edits newer than the server copy are kept. */
export function loadTab(id: string): SqlLabThunk {
  return async (dispatch, getState) => {
    const stub = getState().sqlLab.queryEditors.find((e) => e.id === id);
    if (!stub || stub.loaded || stub.tabViewId === null) return;
    try {
      const record = await api.getTabState(stub.tabViewId);
      const { config } = getState().sqlLab;
      const server = queryEditorFromTabState(record, { maxRow: config.sqlMaxRow, defaultQueryLimit: config.defaultQueryLimit });
      const { editor, localIsNewer } = preferNewerEditor(readLocalEditor(getState(), id), server);
      dispatch(
        A.queryEditorLoaded({
          editor,
          tables: record.table_schemas.map((t) => tableFromServer(t, editor.id)),
          queries: record.latest_query ? [record.latest_query] : [],
          localIsNewer,
        }),
      );
      logSqlLabEvent(LOG.LOAD_TAB_STATE, editor);
      const latest = editor.latestQueryId ? getState().sqlLab.queries[editor.latestQueryId] : null;
      if (latest && latest.state === 'success' && !latest.results && latest.resultsKey) void dispatch(fetchQueryResults(latest.id));
      if (shouldAutorun(editor)) void dispatch(runEditorQuery(editor.id));
    } catch (e) {
      if (toClientError(e).status === 404) dispatch(A.queryEditorDroppedRemotely(id));
      else dispatch(toast.danger(SqlLabMessage.TAB_FETCH_FAILED, { noDuplicate: true }));
    }
  };
}

export function switchTab(id: string): SqlLabThunk<void> {
  return (dispatch, getState) => {
    const before = activeEditor(getState());
    if (before?.id === id) return;
    dispatch(A.queryEditorSwitched(id));
    const after = editorById(getState(), id);
    logSqlLabEvent(LOG.SWITCH_TAB, after);
    if (after && !after.loaded) void dispatch(loadTab(id));
  };
}

/** Next (+1) or previous (-1) tab in display order, wrapping around. */
export function switchAdjacentTab(direction: 1 | -1): SqlLabThunk<void> {
  return (dispatch, getState) => {
    const s = getState().sqlLab;
    const next = adjacentTabId(
      s.queryEditors.map((e) => e.id),
      s.tabHistory[s.tabHistory.length - 1] ?? null,
      direction,
    );
    if (next) dispatch(switchTab(next));
  };
}

/** Close a tab; the last remaining tab in the history becomes active, and there is always one tab. */
export function closeTab(id: string): SqlLabThunk<void> {
  return (dispatch, getState) => {
    const editor = editorById(getState(), id);
    if (!editor) return;
    dispatch(A.queryEditorRemoved({ id, now: Date.now() }));
    logSqlLabEvent(LOG.CLOSE_TAB, editor);
    const s = getState().sqlLab;
    if (!s.queryEditors.length) dispatch(addTab());
    else {
      const active = s.tabHistory[s.tabHistory.length - 1];
      const fallback = active ? editorById(getState(), active) : null;
      if (fallback && !fallback.loaded) void dispatch(loadTab(fallback.id));
    }
  };
}

export function closeOtherTabs(id: string): SqlLabThunk<void> {
  return (dispatch, getState) => {
    dispatch(switchTab(id));
    for (const e of getState().sqlLab.queryEditors) if (e.id !== id) dispatch(closeTab(e.id));
  };
}

export function renameTab(id: string, name: string): SqlLabThunk<void> {
  return (dispatch) => {
    const trimmed = name.trim();
    if (trimmed) dispatch(A.queryEditorChanged({ id, changes: { name: trimmed }, now: Date.now() }));
  };
}

/** Open SQL in a new tab (a requested query, a saved query, a permalink, a query from history). */
export function openInNewTab(fields: Partial<QueryEditor>): SqlLabThunk<QueryEditor> {
  return (dispatch) => dispatch(addTab({ selectedText: null, ...fields }));
}

export const tabLoadFailed = () => toast.danger(SqlLabMessage.QUERY_LOAD_FAILED);
