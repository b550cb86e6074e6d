import { LOG_BATCH_MAX_EVENTS, type LogRecord } from '@rama/shared';
import type { AppContext } from '../context.js';
import { nowIso } from '../metadata/db.js';
import type { LogTable, Row } from '../metadata/schema.js';
import { badRequest, invalidFields, notFound } from '../http/errors.js';
import { unsupportedFilter } from '../http/list-filters.js';
import type { ListParams } from '../http/rison.js';
import { insertLogs, listLogRows, logWithUsername, type LogListFilter } from '../metadata/repos/logs.js';

export const LOG_ORDER_COLUMNS = ['dttm', 'action', 'id', 'duration_ms', 'dashboard_id', 'slice_id'] as const;

const MAX_INT = 2_147_483_647;
const ROWS_PER_INSERT = 200;

type LogRow = Row<LogTable>;
export type LogEventObject = Record<string, unknown>;

/** Where a batch was sent from: the query string's ids and the page that sent it. */
export interface LogContext {
  userId: number;
  dashboardId: number | null;
  sliceId: number | null;
  referrer: string | null;
}

/**
 * The `events` field as a list of event objects: a JSON array (text, as form fields carry it, or
 * already parsed from a JSON body). At most LOG_BATCH_MAX_EVENTS, as the client batches them.
 */
export function parseEvents(raw: unknown): LogEventObject[] {
  if (raw === undefined || raw === null || raw === '') throw invalidFields({ events: ['Missing data for required field.'] });
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw invalidFields({ events: ['Not valid JSON.'] });
    }
  }
  if (!Array.isArray(value)) throw invalidFields({ events: ['Must be a JSON array of events.'] });
  if (value.length > LOG_BATCH_MAX_EVENTS) throw badRequest('Too many events');
  if (!value.every((e) => e !== null && typeof e === 'object' && !Array.isArray(e)))
    throw invalidFields({ events: ['Each event must be an object.'] });
  return value as LogEventObject[];
}

/** A positive id that fits the integer columns, else null (ids are informational here). */
function idOf(v: unknown): number | null {
  const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 && n <= MAX_INT ? n : null;
}

function durationOf(e: LogEventObject): number | null {
  if (e.event_type !== 'timing' || typeof e.duration !== 'number' || !Number.isFinite(e.duration)) return null;
  return Math.min(MAX_INT, Math.max(0, Math.round(e.duration)));
}

/** The row stored for one event; ids from the query string win over the event's own. */
export function eventRow(e: LogEventObject, c: LogContext, dttm: string): Omit<LogRow, 'id'> {
  const name = typeof e.event_name === 'string' && e.event_name.trim() ? e.event_name.trim().slice(0, 512) : 'log';
  return {
    action: name,
    // guests and anonymous visitors (id 0) have no ab_user row
    user_id: c.userId > 0 ? c.userId : null,
    json: JSON.stringify(e),
    dttm,
    dashboard_id: c.dashboardId ?? idOf(e.dashboard_id) ?? (e.source === 'dashboard' ? idOf(e.source_id) : null),
    slice_id: c.sliceId ?? idOf(e.slice_id) ?? (e.source === 'explore' ? idOf(e.source_id) : null),
    duration_ms: durationOf(e),
    referrer: c.referrer ? c.referrer.slice(0, 1024) : null,
  };
}

function presentLog(row: LogRow, username: string | null): LogRecord {
  return {
    id: row.id,
    action: row.action,
    user: row.user_id !== null && username !== null ? { id: row.user_id, username } : null,
    json: row.json,
    dttm: row.dttm,
    dashboard_id: row.dashboard_id,
    slice_id: row.slice_id,
    duration_ms: row.duration_ms,
    referrer: row.referrer,
  };
}

function dttmValue(v: unknown): string {
  const ms = typeof v === 'number' ? v : typeof v === 'string' ? Date.parse(v) : Number.NaN;
  if (!Number.isFinite(ms)) throw invalidFields({ filters: ['Filter on dttm needs a date and time.'] });
  return new Date(ms).toISOString();
}

export class LogService {
  constructor(private readonly ctx: AppContext) {}

  private get db() {
    return this.ctx.store.db;
  }

  /** Append one row per event; nothing else changes (this is why the route may skip CSRF). */
  async record(events: LogEventObject[], c: LogContext): Promise<number> {
    if (!events.length) return 0;
    const dttm = nowIso();
    const rows = events.map((e) => eventRow(e, c, dttm));
    await this.db.transaction().execute(async (trx) => {
      await insertLogs(trx, rows, ROWS_PER_INSERT);
    });
    return rows.length;
  }

  async list(p: ListParams): Promise<{ count: number; ids: number[]; result: LogRecord[] }> {
    const filters: LogListFilter[] = [];
    for (const f of p.filters) {
      if (f.col === 'action' && typeof f.value === 'string' && (f.opr === 'eq' || f.opr === 'ct')) {
        filters.push(f.opr === 'eq' ? { col: 'action', value: f.value } : { col: 'action_ct', text: f.value });
      } else if (f.col === 'user' && (f.opr === 'eq' || f.opr === 'rel_o_m') && idOf(f.value) !== null) {
        filters.push({ col: 'user_id', value: idOf(f.value) });
      } else if (f.col === 'user' && f.opr === 'ct' && typeof f.value === 'string') {
        filters.push({ col: 'username_ct', text: f.value });
      } else if (f.col === 'duration_ms' && (f.opr === 'gt' || f.opr === 'lt') && typeof f.value === 'number' && Number.isFinite(f.value)) {
        filters.push({ col: 'duration_ms', op: f.opr === 'gt' ? '>' : '<', value: f.value });
      } else if ((f.col === 'dashboard_id' || f.col === 'slice_id') && f.opr === 'eq' && idOf(f.value) !== null) {
        filters.push({ col: f.col, value: idOf(f.value) });
      } else if (f.col === 'dttm' && (f.opr === 'gt' || f.opr === 'lt')) {
        filters.push({ col: 'dttm', op: f.opr === 'gt' ? '>' : '<', value: dttmValue(f.value) });
      } else {
        throw unsupportedFilter(f.col, f.opr);
      }
    }
    const { count, rows } = await listLogRows(this.db, {
      filters,
      orderBy: (p.orderColumn ?? 'dttm') as (typeof LOG_ORDER_COLUMNS)[number],
      direction: p.orderDirection,
      page: p.page,
      pageSize: p.pageSize,
    });
    return { count, ids: rows.map((r) => r.id), result: rows.map(({ username, ...row }) => presentLog(row, username)) };
  }

  async get(id: number): Promise<LogRecord> {
    const row = await logWithUsername(this.db, id);
    if (!row) throw notFound();
    const { username, ...log } = row;
    return presentLog(log, username);
  }
}
