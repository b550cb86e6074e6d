import { createAction } from '@reduxjs/toolkit';
import type { ClientQuery, QueryEditor, QueryRecord, QueryResultReply, TableSchema, UnsavedEdits } from '@rama/shared';
import type { SqlLabState } from './types';

const a = <P>(type: string) => createAction<P>(`sqlLab/${type}`);

/** The restored state: from the server bootstrap and/or local storage. */
export const sqlLabLoaded = a<
  Pick<SqlLabState, 'config' | 'databases' | 'queryEditors' | 'tabHistory' | 'queries' | 'tables' | 'syncedAt'> &
    Partial<Pick<SqlLabState, 'destroyedQueryEditors' | 'pendingTabDeletes'>> & { unsavedQueryEditor?: UnsavedEdits | null }
>('loaded');
export const sqlLabLoadStarted = a<void>('loadStarted');
export const sqlLabLoadFailed = a<string>('loadFailed');

export const queryEditorAdded = a<QueryEditor>('queryEditorAdded');
export const queryEditorSwitched = a<string>('queryEditorSwitched');
export const queryEditorRemoved = a<{ id: string; now: number }>('queryEditorRemoved');
export const queryEditorChanged = a<{ id: string; changes: Partial<Omit<QueryEditor, 'id'>>; now: number }>('queryEditorChanged');
/** A lazily loaded tab arrived from the server (with its tables and latest query). */
export const queryEditorLoaded = a<{ editor: QueryEditor; tables: TableSchema[]; queries: QueryRecord[]; localIsNewer: boolean }>(
  'queryEditorLoaded',
);
/** A local-only tab got its server copy: its id becomes the server id everywhere. */
export const queryEditorMigrated = a<{ oldId: string; tabViewId: number; syncedUpdatedAt: number }>('queryEditorMigrated');
export const queryEditorSynced = a<{ id: string; updatedAt: number }>('queryEditorSynced');
/** The server no longer has this tab (404): cleared here, silently. */
export const queryEditorDroppedRemotely = a<string>('queryEditorDroppedRemotely');
export const tabDeleteDone = a<number>('tabDeleteDone');

export const queryStarted = a<{ query: ClientQuery; now: number }>('queryStarted');
export const queryFetching = a<string>('queryFetching');
export const querySucceeded = a<{ id: string; result: QueryResultReply }>('querySucceeded');
export const queryFailed = a<{ id: string; message: string; errors?: { message: string; error_type: string }[]; now: number }>(
  'queryFailed',
);
export const queryStoppedAction = a<string>('queryStopped');
export const queriesRefreshed = a<{ queries: QueryRecord[]; at: number }>('queriesRefreshed');
export const queryMigrated = a<string>('queryMigrated');
export const queryRemoved = a<string>('queryRemoved');
export const inactiveQueriesCleared = a<{ intervalMs: number; now: number }>('inactiveQueriesCleared');

export const costEstimateStarted = a<string>('costEstimateStarted');
export const costEstimateReturned = a<{ id: string; cost: Record<string, unknown>[] }>('costEstimateReturned');
export const costEstimateFailed = a<{ id: string; error: string }>('costEstimateFailed');

export const tableMerged = a<{ table: TableSchema; previewQueryId?: string | null }>('tableMerged');
export const tableChanged = a<{ id: string; changes: Partial<TableSchema> }>('tableChanged');
export const tablesRemoved = a<string[]>('tablesRemoved');
export const southPaneTabChanged = a<string>('southPaneTabChanged');

export const offlineChanged = a<boolean>('offlineChanged');
export const datasourceLoading = a<{ loading: boolean; error: string | null }>('datasourceLoading');

/** Ask the backend sync to run now (page hidden, retry after a failure). */
export const syncRequested = a<void>('syncRequested');
