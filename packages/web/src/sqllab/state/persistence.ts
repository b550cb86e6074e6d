/**
 * Keeping SQL Lab: the browser copy always (written a moment after each change), and with backend
 * persistence the server copy — tab changes synced after the 5 s debounce, structural changes
 * (add, switch, close) at once, local-only tabs migrated first (spec §4 "Tab persistence").
 */
import { createListenerMiddleware, type Dispatch, type UnknownAction } from '@reduxjs/toolkit';
import {
  applyUnsavedEdits,
  EDITOR_TAB_SYNC_DEBOUNCE_MS,
  SqlLabMessage,
  storageUsageWarning,
  tableSchemaCreate,
  tabStateCreate,
  tabStateUpdate,
} from '@rama/shared';
import { toClientError } from '../../core/api';
import * as A from './actions';
import * as api from './sqlLabApi';
import { saveLocalSnapshot } from './localStore';
import { toast } from './toast';
import type { WithSqlLab } from './types';

const LOCAL_SAVE_DELAY_MS = 800;
const STRUCTURAL_DELAY_MS = 300;
const RETRY_MS = 30_000;

export const sqlLabListener = createListenerMiddleware();
// the store prepends this listener, so it knows only SQL Lab's state and dispatches plain actions
const startListening = sqlLabListener.startListening.withTypes<WithSqlLab, Dispatch>();

const STRUCTURAL = [
  A.queryEditorAdded,
  A.queryEditorSwitched,
  A.queryEditorRemoved,
  A.sqlLabLoaded,
  A.syncRequested,
  A.tableMerged,
  A.queryStarted,
];
const isStructural = (action: UnknownAction) => STRUCTURAL.some((creator) => creator.match(action));
/** a structural change is waiting for the backend sync */
let structuralPending = false;
/** when the local storage warning was last shown */
let lastStorageWarningAt: number | null = null;

startListening({
  predicate: (_action, current, previous) => current.sqlLab !== previous.sqlLab && current.sqlLab.status === 'ready',
  effect: async (_action, listener) => {
    listener.cancelActiveListeners();
    await listener.delay(LOCAL_SAVE_DELAY_MS);
    const usedKb = saveLocalSnapshot(listener.getState().sqlLab);
    // nearly full: ask for some tabs to be closed (throttled, as the peer does)
    const now = Date.now();
    const warning = usedKb === null ? null : storageUsageWarning(usedKb, lastStorageWarningAt, now);
    if (warning) {
      lastStorageWarningAt = now;
      listener.dispatch(toast.warning(warning, { noDuplicate: true }));
    }
  },
});

// back online: send what changed meanwhile
startListening({
  predicate: (action, current, previous) => A.offlineChanged.match(action) && previous.sqlLab.offline && !current.sqlLab.offline,
  effect: (_action, listener) => {
    listener.dispatch(A.syncRequested());
  },
});

startListening({
  predicate: (action, current, previous) => {
    const c = current.sqlLab;
    const p = previous.sqlLab;
    if (!c.config.backendPersistence || c.status !== 'ready') return false;
    return (
      A.syncRequested.match(action) ||
      c.queryEditors !== p.queryEditors ||
      c.unsavedQueryEditor !== p.unsavedQueryEditor ||
      c.tabHistory !== p.tabHistory ||
      c.pendingTabDeletes !== p.pendingTabDeletes ||
      c.tables !== p.tables
    );
  },
  effect: async (action, listener) => {
    listener.cancelActiveListeners();
    // an edit right after a structural change (typing in a new tab) must not push that change
    // back to the 5 s edit debounce: a structural change waits for the short delay until synced
    if (isStructural(action)) structuralPending = true;
    await listener.delay(structuralPending ? STRUCTURAL_DELAY_MS : EDITOR_TAB_SYNC_DEBOUNCE_MS);
    structuralPending = false;
    await syncTabs(listener.dispatch, listener.getState);
  },
});

let syncing = false;
let again = false;
let lastActivated: number | null = null;
let retryTimer: ReturnType<typeof setTimeout> | null = null;

function scheduleRetry(dispatch: Dispatch): void {
  if (retryTimer) return;
  retryTimer = setTimeout(() => {
    retryTimer = null;
    dispatch(A.syncRequested());
  }, RETRY_MS);
}

const is404 = (e: unknown) => toClientError(e).status === 404;

/** Save every local-only tab (then its queries and tables) and switch its id to the server's. */
async function migrateLocalTabs(dispatch: Dispatch, getState: () => WithSqlLab): Promise<boolean> {
  let ok = true;
  const s = getState().sqlLab;
  for (const e of applyUnsavedEdits(s.queryEditors, s.unsavedQueryEditor).filter((x) => x.tabViewId === null)) {
    let tabViewId: number;
    try {
      tabViewId = (await api.createTabState(tabStateCreate(e))).id;
    } catch {
      dispatch(toast.warning(SqlLabMessage.EDITOR_MIGRATE_FAILED, { noDuplicate: true }));
      ok = false;
      continue;
    }
    lastActivated = tabViewId;
    if (getState().sqlLab.destroyedQueryEditors[e.id]) {
      // closed while it was being saved
      await api.deleteTabState(tabViewId).catch(() => undefined);
      continue;
    }
    // the created copy holds only the basics: the full tab (pane split, selection) follows in a PUT
    dispatch(A.queryEditorMigrated({ oldId: e.id, tabViewId, syncedUpdatedAt: -1 }));
    const newId = String(tabViewId);
    for (const q of Object.values(getState().sqlLab.queries).filter((x) => x.sqlEditorId === newId)) {
      try {
        await api.migrateQuery(tabViewId, q.id);
      } catch (err) {
        // a query that never reached the server has nothing to migrate
        if (!is404(err)) dispatch(toast.warning(SqlLabMessage.QUERY_MIGRATE_FAILED, { noDuplicate: true }));
      }
    }
  }
  return ok;
}

/** Tables whose tab has a server copy but which have none yet. */
async function migrateTables(dispatch: Dispatch, getState: () => WithSqlLab): Promise<boolean> {
  let ok = true;
  const s = getState().sqlLab;
  for (const t of s.tables.filter((x) => x.remoteId === null)) {
    const tab = s.queryEditors.find((e) => e.id === t.queryEditorId);
    if (!tab || tab.tabViewId === null) continue;
    try {
      const { id } = await api.createTableSchema(tableSchemaCreate(t, tab.tabViewId));
      dispatch(A.tableChanged({ id: t.id, changes: { remoteId: id, inLocalStorage: false } }));
    } catch {
      dispatch(toast.warning(SqlLabMessage.TABLE_MIGRATE_FAILED, { noDuplicate: true }));
      ok = false;
    }
  }
  return ok;
}

/** PUT each changed tab; a tab the server no longer has is cleared here silently. */
async function pushChangedTabs(dispatch: Dispatch, getState: () => WithSqlLab): Promise<boolean> {
  let ok = true;
  const s = getState().sqlLab;
  for (const e of applyUnsavedEdits(s.queryEditors, s.unsavedQueryEditor)) {
    if (e.tabViewId === null || e.updatedAt <= (s.syncedAt[e.id] ?? 0)) continue;
    try {
      // a tab not loaded yet only knows its name: never overwrite its server SQL
      await api.updateTabState(e.tabViewId, e.loaded ? tabStateUpdate(e) : { label: e.name });
      dispatch(A.queryEditorSynced({ id: e.id, updatedAt: e.updatedAt }));
    } catch (err) {
      if (is404(err)) dispatch(A.queryEditorDroppedRemotely(e.id));
      else {
        dispatch(toast.danger(SqlLabMessage.TAB_STORE_FAILED, { noDuplicate: true }));
        ok = false;
      }
    }
  }
  return ok;
}

async function deleteClosedTabs(dispatch: Dispatch, getState: () => WithSqlLab): Promise<boolean> {
  let ok = true;
  for (const id of getState().sqlLab.pendingTabDeletes) {
    try {
      await api.deleteTabState(id);
      dispatch(A.tabDeleteDone(id));
    } catch (err) {
      if (is404(err)) dispatch(A.tabDeleteDone(id));
      else ok = false;
    }
  }
  return ok;
}

async function activateCurrent(dispatch: Dispatch, getState: () => WithSqlLab): Promise<boolean> {
  const s = getState().sqlLab;
  const active = s.queryEditors.find((e) => e.id === s.tabHistory[s.tabHistory.length - 1]);
  if (!active || active.tabViewId === null || active.tabViewId === lastActivated) return true;
  try {
    await api.activateTabState(active.tabViewId);
    lastActivated = active.tabViewId;
    return true;
  } catch (err) {
    if (is404(err)) dispatch(A.queryEditorDroppedRemotely(active.id));
    return is404(err);
  }
}

/** One pass of the backend sync; a failed step is retried later, and a change during a pass runs another. */
export async function syncTabs(dispatch: Dispatch, getState: () => WithSqlLab): Promise<void> {
  if (!getState().sqlLab.config.backendPersistence) return;
  // offline: nothing would get through; the sync runs again once the server answers
  if (getState().sqlLab.offline) return;
  if (syncing) {
    again = true;
    return;
  }
  syncing = true;
  try {
    do {
      again = false;
      const results = [
        await migrateLocalTabs(dispatch, getState),
        await migrateTables(dispatch, getState),
        await pushChangedTabs(dispatch, getState),
        await deleteClosedTabs(dispatch, getState),
        await activateCurrent(dispatch, getState),
      ];
      if (results.includes(false)) scheduleRetry(dispatch);
    } while (again);
  } finally {
    syncing = false;
  }
}
