/** Save, update, schedule and share a tab's query; create a dataset from a result (spec §7, §8). */
import {
  SqlLabMessage,
  type QueryEditor,
  type SavedQuerySchedule,
  type SavedQueryScheduleState,
  type ScheduledSavedQueryRecord,
} from '@rama/shared';
import { toClientError } from '../../core/api';
import { formatRunTime } from '../../reports/reportDisplay';
import { currentLocale, sharedText, t } from '../../i18n';
import * as A from './actions';
import * as api from './sqlLabApi';
import { editorById, LOG, logSqlLabEvent, type SqlLabThunk } from './thunk';
import { toast } from './toast';

export interface SaveFields {
  label: string;
  description: string;
}

function savedQueryBody(e: QueryEditor, fields: SaveFields) {
  return {
    db_id: e.dbId ?? 0,
    label: fields.label.trim(),
    description: fields.description,
    sql: e.sql,
    catalog: e.catalog,
    schema: e.schema,
    template_parameters: e.templateParams,
  };
}

/** Save as a new saved query; the tab keeps its id and name. Resolves whether it worked. */
export function saveQuery(editorId: string, fields: SaveFields): SqlLabThunk<Promise<boolean>> {
  return async (dispatch, getState) => {
    const e = editorById(getState(), editorId);
    if (!e || e.dbId === null) return false;
    try {
      const reply = await api.createSavedQuery(savedQueryBody(e, fields));
      if (!reply.id) {
        dispatch(toast.danger(SqlLabMessage.SAVE_NOT_PROPER));
        return false;
      }
      dispatch(A.queryEditorChanged({ id: editorId, changes: { remoteId: reply.id, name: reply.result.label }, now: Date.now() }));
      // the tab's link to its saved query reaches the server now, not after the 5 s edit debounce
      dispatch(A.syncRequested());
      dispatch(toast.success(SqlLabMessage.SAVED));
      logSqlLabEvent(LOG.SAVE_QUERY, e, { saved_query_id: reply.id });
      return true;
    } catch {
      dispatch(toast.danger(SqlLabMessage.SAVE_FAILED));
      return false;
    }
  };
}

/** Update the tab's saved query with the current SQL, database and schema. */
export function updateQuery(editorId: string, fields: SaveFields): SqlLabThunk<Promise<boolean>> {
  return async (dispatch, getState) => {
    const e = editorById(getState(), editorId);
    if (!e || e.remoteId === null || e.dbId === null) return false;
    try {
      const reply = await api.updateSavedQuery(e.remoteId, savedQueryBody(e, fields));
      dispatch(A.queryEditorChanged({ id: editorId, changes: { name: reply.result.label }, now: Date.now() }));
      dispatch(toast.success(SqlLabMessage.UPDATED));
      logSqlLabEvent(LOG.SAVE_QUERY, e, { saved_query_id: e.remoteId, update: true });
      return true;
    } catch {
      dispatch(toast.danger(SqlLabMessage.UPDATE_FAILED));
      return false;
    }
  };
}

export interface ScheduleFields extends SaveFields {
  schedule: SavedQuerySchedule;
}

/** How a schedule attempt ended: saved, or the server's messages (by field when it named them). */
export type ScheduleOutcome = { ok: true } | { ok: false; message: string; fieldErrors: Record<string, string[]> | null };

/** The extra_json to send: the saved query's own, with its schedule_info replaced. */
async function extraWithSchedule(remoteId: number | null, schedule: SavedQuerySchedule): Promise<string> {
  let extra: Record<string, unknown> = {};
  if (remoteId !== null) {
    try {
      const parsed: unknown = JSON.parse((await api.getSavedQuery(remoteId)).result.extra_json || '{}');
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) extra = parsed as Record<string, unknown>;
    } catch {
      // a saved query that cannot be read is saved as new below, or refused by the server
    }
  }
  return JSON.stringify({ ...extra, schedule_info: schedule });
}

/** What the toast says was set up: the spec's sentence, the schedule and its next run. */
export function scheduledMessage(state: SavedQueryScheduleState | null | undefined): string {
  const scheduled = sharedText('messages', SqlLabMessage.SCHEDULED);
  if (!state) return scheduled;
  const values = { scheduled, schedule: state.crontab_humanized, timezone: state.timezone };
  return state.next_run
    ? t('sqllab:schedule.doneWithNext', { ...values, next: formatRunTime(new Date(state.next_run), state.timezone, currentLocale()) })
    : t('sqllab:schedule.done', values);
}

/**
 * Save the tab's query with its schedule in extra_json.schedule_info (saving the query first if
 * needed); the server runs it on the report scheduler (issue 26 item 6).
 */
export function scheduleQuery(editorId: string, fields: ScheduleFields): SqlLabThunk<Promise<ScheduleOutcome>> {
  return async (dispatch, getState) => {
    const e = editorById(getState(), editorId);
    if (!e || e.dbId === null) return { ok: false, message: SqlLabMessage.SCHEDULE_FAILED, fieldErrors: null };
    try {
      const extra_json = await extraWithSchedule(e.remoteId, fields.schedule);
      const body = { ...savedQueryBody(e, fields), extra_json };
      const reply = e.remoteId !== null ? await api.updateSavedQuery(e.remoteId, body) : await api.createSavedQuery(body);
      dispatch(A.queryEditorChanged({ id: editorId, changes: { remoteId: reply.id, name: reply.result.label }, now: Date.now() }));
      // the tab's link to its saved query reaches the server now, not after the 5 s edit debounce
      dispatch(A.syncRequested());
      dispatch(toast.success(scheduledMessage((reply.result as ScheduledSavedQueryRecord).schedule), { duration: 10_000 }));
      logSqlLabEvent(LOG.SAVE_QUERY, e, { saved_query_id: reply.id, scheduled: true });
      return { ok: true };
    } catch (err) {
      const c = toClientError(err);
      return {
        ok: false,
        message: c.fieldErrors ? SqlLabMessage.SCHEDULE_FAILED : c.message || SqlLabMessage.SCHEDULE_FAILED,
        fieldErrors: c.fieldErrors,
      };
    }
  };
}

/** A permalink to the tab's query; resolves the URL (null on failure, after a toast). */
export function shareQuery(editorId: string): SqlLabThunk<Promise<string | null>> {
  return async (dispatch, getState) => {
    const e = editorById(getState(), editorId);
    if (!e || e.dbId === null) return null;
    try {
      const { url } = await api.createPermalink({
        name: e.name,
        dbId: e.dbId,
        catalog: e.catalog,
        schema: e.schema,
        autorun: e.autorun,
        sql: e.sql,
        templateParams: e.templateParams,
      });
      logSqlLabEvent(LOG.COPY_LINK, e);
      return url;
    } catch (err) {
      dispatch(toast.danger(toClientError(err).message));
      return null;
    }
  };
}
