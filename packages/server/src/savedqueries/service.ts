import { randomUUID } from 'node:crypto';
import type { SavedQueryRecord, SavedQueryWrite } from '@rama/shared';
import type { AppContext } from '../context.js';
import { canAccessDatabase } from '../access/databases.js';
import { nowIso } from '../metadata/db.js';
import {
  deleteSavedQueries,
  insertSavedQuery,
  listSavedQueryRows,
  savedQueryIdsOf,
  savedQueryOf,
  updateSavedQuery,
  type SavedQueryListFilter,
} from '../metadata/repos/saved-queries.js';
import { invalidFields, notFound } from '../http/errors.js';
import { unsupportedFilter } from '../http/list-filters.js';
import type { ListParams } from '../http/rison.js';
import type { Principal } from '../security/principal.js';
import { presentSavedQueries, type SavedQueryRow } from './present.js';
import { taggedWith, untagObjects } from '../metadata/repos/tags.js';
import { markVersionsDeleted } from '../versions/store.js';
import { runnableScheduleInfo, SavedQuerySchedules } from './schedule.js';
import { databaseById } from '../metadata/repos/databases.js';

export const SAVED_QUERY_ORDER_COLUMNS = [
  'label',
  'changed_on',
  'created_on',
  'schema',
  'database.database_name',
  'last_run',
  'rows',
] as const;

const ORDER_EXPRESSIONS = {
  label: 'sq.label',
  changed_on: 'sq.changed_on',
  created_on: 'sq.created_on',
  schema: 'sq.schema',
  'database.database_name': 'd.database_name',
  last_run: 'sq.last_run',
  rows: 'sq.rows',
} as const satisfies Record<(typeof SAVED_QUERY_ORDER_COLUMNS)[number], string>;

type Filter = ListParams['filters'][number];

function intValue(f: Filter, v: unknown = f.value): number {
  if (typeof v === 'number' && Number.isInteger(v)) return v;
  if (typeof v === 'string' && /^\d{1,15}$/.test(v)) return Number(v);
  throw invalidFields({ filters: [`The value of ${f.col} must be an integer.`] });
}

function stringValue(f: Filter): string {
  if (typeof f.value === 'string') return f.value;
  if (typeof f.value === 'number') return String(f.value);
  throw invalidFields({ filters: [`The value of ${f.col} must be a string.`] });
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** extra_json must be a JSON object; a schedule in it (`schedule_info`) must be an object too. */
function checkedExtraJson(text: string | null | undefined): string {
  if (text === undefined || text === null || !text.trim()) return '{}';
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalidFields({ extra_json: ['Field cannot be decoded by JSON: extra_json is not valid JSON'] });
  }
  if (!isRecord(value)) throw invalidFields({ extra_json: ['extra_json must be a JSON object'] });
  if (value.schedule_info !== undefined && value.schedule_info !== null && !isRecord(value.schedule_info)) {
    throw invalidFields({ extra_json: ['schedule_info must be a JSON object'] });
  }
  return text;
}

function checkedLabel(label: string): string {
  const trimmed = label.trim();
  if (!trimmed) throw invalidFields({ label: ['Field cannot be empty.'] });
  return trimmed;
}

/** Saved queries: each belongs to the user who saved it; admins see and manage all. */
export class SavedQueryService {
  private readonly schedules: SavedQuerySchedules;
  constructor(private readonly ctx: AppContext) {
    this.schedules = new SavedQuerySchedules(ctx);
  }

  private get db() {
    return this.ctx.store.db;
  }

  /** The row when it exists and the user owns it (or is admin); otherwise 404, the same for both. */
  private async getVisibleRow(user: Principal, id: number): Promise<SavedQueryRow> {
    const row = await savedQueryOf(this.db, id, user.isAdmin ? null : user.id);
    if (!row) throw notFound();
    return row;
  }

  /** A database the user may not use is answered as one that does not exist. */
  private async checkDatabase(user: Principal, id: number): Promise<void> {
    const row = await databaseById(this.db, id);
    if (!row || !canAccessDatabase(user, row)) throw invalidFields({ db_id: ['Database does not exist'] });
  }

  async list(user: Principal, p: ListParams): Promise<{ count: number; ids: number[]; result: SavedQueryRecord[] }> {
    const filters: SavedQueryListFilter[] = [];
    for (const f of p.filters) {
      if (f.opr === 'all_text' && (f.col === 'label' || f.col === 'all_text')) {
        filters.push({ col: 'all_text', text: stringValue(f) });
      } else if (f.col === 'label' && f.opr === 'ct') {
        filters.push({ col: 'label_ct', text: stringValue(f) });
      } else if (f.col === 'label' && f.opr === 'eq') {
        filters.push({ col: 'label', value: stringValue(f) });
      } else if ((f.col === 'database' || f.col === 'db_id') && (f.opr === 'eq' || f.opr === 'rel_o_m')) {
        filters.push({ col: 'db_id', value: intValue(f) });
      } else if (f.col === 'schema' && f.opr === 'eq') {
        filters.push({ col: 'schema', value: stringValue(f) });
      } else if (f.col === 'created_by' && (f.opr === 'rel_o_m' || f.opr === 'eq')) {
        filters.push({ col: 'created_by_fk', value: intValue(f) });
      } else if (f.col === 'id' && f.opr === 'in') {
        if (!Array.isArray(f.value)) throw invalidFields({ filters: ['The value of id must be a list of integers.'] });
        filters.push({ col: 'id_in', ids: f.value.map((v) => intValue(f, v)) });
      } else if (f.col === 'tags' && f.opr === 'saved_query_tags') {
        // the peer's tag filters: name contains (any case), or the tag of that id
        filters.push({ col: 'where', condition: taggedWith('query', 'sq.id', { name: stringValue(f) }) });
      } else if (f.col === 'tags' && f.opr === 'saved_query_tag_id') {
        const id = intValue(f);
        if (id < 1 || id > 2_147_483_647) throw invalidFields({ filters: ['The value of tags must be a tag id.'] });
        filters.push({ col: 'where', condition: taggedWith('query', 'sq.id', { id }) });
      } else if (f.col === 'id' && f.opr === 'eq') {
        filters.push({ col: 'id', value: intValue(f) });
      } else {
        throw unsupportedFilter(f.col, f.opr);
      }
    }
    const { count, rows } = await listSavedQueryRows(this.db, {
      userId: user.isAdmin ? null : user.id,
      filters,
      orderBy: p.orderColumn ? ORDER_EXPRESSIONS[p.orderColumn as keyof typeof ORDER_EXPRESSIONS] : 'sq.changed_on',
      direction: p.orderColumn ? p.orderDirection : 'desc',
      page: p.page,
      pageSize: p.pageSize,
    });
    return { count, ids: rows.map((r) => r.id), result: await presentSavedQueries(this.db, rows) };
  }

  async get(user: Principal, id: number): Promise<SavedQueryRecord> {
    const [record] = await presentSavedQueries(this.db, [await this.getVisibleRow(user, id)]);
    return record;
  }

  async create(user: Principal, body: SavedQueryWrite): Promise<SavedQueryRecord> {
    const label = checkedLabel(body.label);
    const extraJson = checkedExtraJson(body.extra_json);
    await this.checkDatabase(user, body.db_id);
    // a schedule that runs is checked before anything is written (issue 26 item 6)
    const info = runnableScheduleInfo(extraJson);
    const schedule = info ? this.schedules.check(user, info) : null;
    if (schedule) await this.schedules.precheck(user, null, schedule);
    const now = nowIso();
    const row = await this.db.transaction().execute(async (trx) => {
      const inserted = await insertSavedQuery(trx, {
        uuid: randomUUID(),
        user_id: user.id,
        db_id: body.db_id,
        catalog: body.catalog ?? null,
        schema: body.schema ?? null,
        label,
        description: body.description ?? '',
        sql: body.sql,
        template_parameters: body.template_parameters ?? null,
        extra_json: extraJson,
        rows: null,
        last_run: null,
        created_on: now,
        changed_on: now,
        created_by_fk: user.id,
        changed_by_fk: user.id,
      });
      if (schedule) await this.schedules.sync(trx, user, inserted, schedule);
      return inserted;
    });
    await this.ctx.versions.record('saved_query', row.id, user, { created: true });
    const [record] = await presentSavedQueries(this.db, [row]);
    return record;
  }

  async update(user: Principal, id: number, body: Partial<SavedQueryWrite>): Promise<SavedQueryRecord> {
    const current = await this.getVisibleRow(user, id);
    const set: Partial<SavedQueryRow> = { changed_on: nowIso(), changed_by_fk: user.id };
    if (body.label !== undefined) set.label = checkedLabel(body.label);
    if (body.extra_json !== undefined) set.extra_json = checkedExtraJson(body.extra_json);
    // new extra_json: its schedule (or none) replaces the saved query's report (issue 26 item 6)
    const info = set.extra_json === undefined ? undefined : runnableScheduleInfo(set.extra_json);
    const schedule = info ? this.schedules.check(user, info) : info;
    if (schedule) await this.schedules.precheck(user, id, schedule);
    if (body.db_id !== undefined) {
      await this.checkDatabase(user, body.db_id);
      set.db_id = body.db_id;
    }
    if (body.sql !== undefined) set.sql = body.sql;
    if (body.catalog !== undefined) set.catalog = body.catalog;
    if (body.schema !== undefined) set.schema = body.schema;
    if (body.description !== undefined) set.description = body.description ?? '';
    if (body.template_parameters !== undefined) set.template_parameters = body.template_parameters;
    await this.ctx.versions.baseline('saved_query', id);
    await this.db.transaction().execute(async (trx) => {
      await updateSavedQuery(trx, id, set);
      const after = { ...current, ...set };
      if (schedule !== undefined) await this.schedules.sync(trx, user, after, schedule);
      else if (set.label !== undefined || set.description !== undefined) await this.schedules.rename(trx, after);
    });
    await this.ctx.versions.record('saved_query', id, user);
    return this.get(user, id);
  }

  async delete(user: Principal, id: number): Promise<void> {
    await this.bulkDelete(user, [id]);
  }

  /** Delete all of `ids` or none: any id the user cannot see (or that does not exist) is a 404. */
  async bulkDelete(user: Principal, ids: number[]): Promise<number> {
    const wanted = [...new Set(ids)];
    return this.db.transaction().execute(async (trx) => {
      const found = await savedQueryIdsOf(trx, wanted, user.isAdmin ? null : user.id);
      if (found.length !== wanted.length) throw notFound();
      await deleteSavedQueries(trx, wanted);
      await untagObjects(trx, 'query', wanted);
      await markVersionsDeleted(trx, 'saved_query', wanted, user.id, nowIso());
      return wanted.length;
    });
  }
}
