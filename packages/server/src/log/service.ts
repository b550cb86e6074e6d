import { sql, type SqlBool } from 'kysely';
import { LOG_BATCH_MAX_EVENTS, type LogRecord } from '@rama/shared';
import type { AppContext } from '../context.js';
import { nowIso } from '../metadata/db.js';
import type { LogTable, Row } from '../metadata/schema.js';
import { badRequest, invalidFields, notFound } from '../http/errors.js';
import type { ListParams } from '../http/rison.js';

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

/** A LIKE pattern matching text that contains `value` (any case), its wildcards escaped. */
function likeContains(value: string): string {
  return `%${value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
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
      for (let i = 0; i < rows.length; i += ROWS_PER_INSERT)
        await trx
          .insertInto('logs')
          .values(rows.slice(i, i + ROWS_PER_INSERT))
          .execute();
    });
    return rows.length;
  }

  async list(p: ListParams): Promise<{ count: number; ids: number[]; result: LogRecord[] }> {
    let q = this.db.selectFrom('logs as l').leftJoin('ab_user as u', 'u.id', 'l.user_id');
    for (const f of p.filters) {
      if (f.col === 'action' && typeof f.value === 'string' && (f.opr === 'eq' || f.opr === 'ct')) {
        const value = f.value;
        q =
          f.opr === 'eq' ? q.where('l.action', '=', value) : q.where(sql<SqlBool>`lower(l.action) like ${likeContains(value)} escape '\\'`);
      } else if (f.col === 'user' && (f.opr === 'eq' || f.opr === 'rel_o_m') && idOf(f.value) !== null) {
        q = q.where('l.user_id', '=', idOf(f.value));
      } else if (f.col === 'user' && f.opr === 'ct' && typeof f.value === 'string') {
        q = q.where(sql<SqlBool>`lower(u.username) like ${likeContains(f.value)} escape '\\'`);
      } else if (f.col === 'duration_ms' && (f.opr === 'gt' || f.opr === 'lt') && typeof f.value === 'number' && Number.isFinite(f.value)) {
        q = q.where('l.duration_ms', f.opr === 'gt' ? '>' : '<', f.value);
      } else if ((f.col === 'dashboard_id' || f.col === 'slice_id') && f.opr === 'eq' && idOf(f.value) !== null) {
        q = q.where(`l.${f.col}`, '=', idOf(f.value));
      } else if (f.col === 'dttm' && (f.opr === 'gt' || f.opr === 'lt')) {
        q = q.where('l.dttm', f.opr === 'gt' ? '>' : '<', dttmValue(f.value));
      } else {
        throw invalidFields({ filters: [`Filter on ${f.col} with ${f.opr} is not supported.`] });
      }
    }
    const { count } = await q.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
    const rows = await q
      .selectAll('l')
      .select('u.username as username')
      // rows without a value (an event with no duration, dashboard or chart) last, whichever the
      // direction and the metadata database (PostgreSQL puts NULLs first when descending, SQLite last)
      .orderBy(`l.${(p.orderColumn ?? 'dttm') as (typeof LOG_ORDER_COLUMNS)[number]}`, (ob) =>
        (p.orderDirection === 'desc' ? ob.desc() : ob.asc()).nullsLast(),
      )
      .orderBy('l.id', p.orderDirection)
      .limit(p.pageSize)
      .offset(p.page * p.pageSize)
      .execute();
    return { count: Number(count), ids: rows.map((r) => r.id), result: rows.map(({ username, ...row }) => presentLog(row, username)) };
  }

  async get(id: number): Promise<LogRecord> {
    const row = await this.db
      .selectFrom('logs as l')
      .leftJoin('ab_user as u', 'u.id', 'l.user_id')
      .selectAll('l')
      .select('u.username as username')
      .where('l.id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound();
    const { username, ...log } = row;
    return presentLog(log, username);
  }
}
