import type { AppDispatch, RootState } from '../../core/state';
import { logEvent } from '../../core/logger';
import { createSelector } from '@reduxjs/toolkit';
import { withUnsavedEdits, type QueryEditor } from '@rama/shared';

export type GetState = () => RootState;
export type SqlLabThunk<R = Promise<void>> = (dispatch: AppDispatch, getState: GetState) => R;

/** The tab with its pending edits applied. */
export function editorById(state: RootState, id: string): QueryEditor | null {
  const e = state.sqlLab.queryEditors.find((x) => x.id === id);
  return e ? withUnsavedEdits(e, state.sqlLab.unsavedQueryEditor) : null;
}

/** Memoized for components: the same tab object until that tab or its pending edits change. */
export const selectEditorById = createSelector(
  [(s: RootState) => s.sqlLab.queryEditors, (s: RootState) => s.sqlLab.unsavedQueryEditor, (_s: RootState, id: string) => id],
  (editors, unsaved, id): QueryEditor | null => {
    const e = editors.find((x) => x.id === id);
    return e ? withUnsavedEdits(e, unsaved) : null;
  },
);

export function activeEditor(state: RootState): QueryEditor | null {
  const h = state.sqlLab.tabHistory;
  const id = h[h.length - 1];
  return id ? editorById(state, id) : null;
}

/** An analytics event from SQL Lab, tagged with the tab's database and schema. */
export function logSqlLabEvent(
  name: string,
  editor: Pick<QueryEditor, 'id' | 'dbId' | 'schema'> | null,
  payload: Record<string, unknown> = {},
  eventType: 'user' | 'timing' = 'user',
): void {
  logEvent(
    name,
    { db_id: editor?.dbId ?? undefined, schema: editor?.schema ?? null, ...payload },
    { eventType, source: 'sqlLab', sourceId: editor?.id },
  );
}

export const LOG = {
  RUN_QUERY: 'sqllab_run_query',
  QUERY_SUCCESS: 'sqllab_query_success',
  QUERY_FAILED: 'sqllab_fetch_failed_query',
  STOP_QUERY: 'sqllab_stop_query',
  ADD_TAB: 'sqllab_add_tab',
  SWITCH_TAB: 'sqllab_switch_tab',
  CLOSE_TAB: 'sqllab_close_tab',
  SAVE_QUERY: 'sqllab_save_query',
  COPY_LINK: 'sqllab_copy_link',
  PREVIEW_TABLE: 'sqllab_preview_table',
  FORMAT_SQL: 'sqllab_format_sql',
  DOWNLOAD_CSV: 'sqllab_download_csv',
  COPY_RESULT: 'sqllab_copy_result_to_clipboard',
  CREATE_DATASET: 'sqllab_create_dataset',
  LOAD_TAB_STATE: 'sqllab_load_tab_state',
} as const;
