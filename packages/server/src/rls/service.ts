/**
 * Row level security rules: list, read, create, update, delete (admins only; routes check).
 * A rule's clause is rendered for the admin saving it and checked by the expression guard for the
 * engine of every dataset it names, so a rule that could never run is refused when it is saved.
 */
import type { RlsFilterType, RlsRecord, RlsUpdate, RlsWrite } from '@rama/shared';
import type { AppContext } from '../context.js';
import { getEngineSpec } from '../engines/registry.js';
import { parseUri } from '../engines/uri.js';
import { HttpError, invalidFields, notFound } from '../http/errors.js';
import { idFilterValue, stringFilterValue, unsupportedFilter } from '../http/list-filters.js';
import { listParams, type ListParams } from '../http/rison.js';
import { humanizeDelta } from '../http/time.js';
import { nowIso } from '../metadata/db.js';
import type { Row, RlsFilterTable } from '../metadata/schema.js';
import type { Principal } from '../security/principal.js';
import { renderRlsClause, RlsClauseError } from './apply.js';
import { usersById } from '../metadata/repos/users.js';
import { roleIdsAmong, searchRolesByName } from '../metadata/repos/roles.js';
import {
  addRuleRoles,
  addRuleTables,
  datasetsWithDatabaseUri,
  deleteRules,
  insertRule,
  listRuleRows,
  removeRuleRoles,
  removeRuleTables,
  ruleById,
  ruleIdsAmong,
  ruleNameTaken,
  rolesOfRules,
  ruleTableIds,
  searchDatasetsByTableName,
  tablesOfRules,
  updateRule,
  type RlsListFilter,
} from '../metadata/repos/rls.js';

export const RLS_ORDER_COLUMNS = ['name', 'filter_type', 'group_key', 'clause', 'changed_on_delta_humanized', 'changed_on'] as const;

const ORDER_EXPRESSIONS: Record<(typeof RLS_ORDER_COLUMNS)[number], string> = {
  name: 'f.name',
  filter_type: 'f.filter_type',
  group_key: 'f.group_key',
  clause: 'f.clause',
  changed_on_delta_humanized: 'f.changed_on',
  changed_on: 'f.changed_on',
};

type RuleRow = Row<RlsFilterTable>;

const unprocessable = (message: string) => new HttpError(422, { message });

const blankToNull = (s: string | null | undefined): string | null => (s === undefined || s === null || !s.trim() ? null : s.trim());

export class RlsService {
  constructor(private readonly ctx: AppContext) {}

  private get db() {
    return this.ctx.store.db;
  }

  async list(p: ListParams): Promise<{ count: number; ids: number[]; result: RlsRecord[] }> {
    const filters: RlsListFilter[] = [];
    for (const f of p.filters) {
      const text = ['name', 'description', 'group_key', 'clause'].includes(f.col) ? (f.col as 'name') : null;
      if (text && (f.opr === 'ct' || f.opr === 'sw' || f.opr === 'ew')) {
        filters.push({ col: text, opr: f.opr, value: stringFilterValue(f) });
      } else if (text && f.opr === 'eq') {
        filters.push({ col: text, opr: 'eq', value: stringFilterValue(f) });
      } else if (f.col === 'filter_type' && f.opr === 'eq') {
        filters.push({ col: 'filter_type', value: stringFilterValue(f) });
      } else if ((f.col === 'roles' || f.col === 'tables') && (f.opr === 'rel_m_m' || f.opr === 'eq')) {
        filters.push({ col: f.col === 'roles' ? 'role' : 'table', id: idFilterValue(f) });
      } else if ((f.col === 'changed_by' || f.col === 'created_by') && (f.opr === 'rel_o_m' || f.opr === 'eq')) {
        filters.push({ col: f.col === 'changed_by' ? 'changed_by_fk' : 'created_by_fk', value: idFilterValue(f) });
      } else if (f.col === 'id' && f.opr === 'in') {
        if (!Array.isArray(f.value) || f.value.length > 1000) throw invalidFields({ filters: ['The value of id must be a list of ids.'] });
        filters.push({ col: 'id_in', ids: f.value.map((v) => idFilterValue(f, v)) });
      } else {
        throw unsupportedFilter(f.col, f.opr);
      }
    }
    const { count, rows } = await listRuleRows(this.db, {
      filters,
      orderBy: p.orderColumn ? ORDER_EXPRESSIONS[p.orderColumn as keyof typeof ORDER_EXPRESSIONS] : 'f.changed_on',
      direction: p.orderColumn ? p.orderDirection : 'desc',
      page: p.page,
      pageSize: p.pageSize,
    });
    return { count, ids: rows.map((r) => r.id), result: await this.present(rows) };
  }

  async get(id: number): Promise<RlsRecord> {
    const row = await ruleById(this.db, id);
    if (!row) throw notFound();
    const [record] = await this.present([row]);
    return record;
  }

  /** The rule as sent, after it is checked and stored (the peer answers `result` as sent). */
  async create(user: Principal, body: RlsWrite): Promise<{ id: number; result: RlsWrite }> {
    const name = this.checkedName(body.name);
    const roles = [...new Set(body.roles ?? [])];
    const tables = [...new Set(body.tables)];
    await this.checkNameFree(name, null);
    await this.checkRoles(roles);
    await this.checkClause(user, tables, body.clause);
    const now = nowIso();
    const id = await this.db.transaction().execute(async (trx) => {
      const ruleId = await insertRule(trx, {
        name,
        description: body.description ?? null,
        filter_type: body.filter_type,
        group_key: blankToNull(body.group_key),
        clause: body.clause.trim(),
        created_on: now,
        changed_on: now,
        created_by_fk: user.id,
        changed_by_fk: user.id,
      });
      await addRuleRoles(trx, ruleId, roles);
      await addRuleTables(trx, ruleId, tables);
      return ruleId;
    });
    return { id, result: body };
  }

  async update(user: Principal, id: number, body: RlsUpdate): Promise<{ id: number; result: RlsUpdate }> {
    const current = await ruleById(this.db, id);
    if (!current) throw notFound();
    const set: Partial<RuleRow> = { changed_on: nowIso(), changed_by_fk: user.id };
    if (body.name !== undefined) {
      set.name = this.checkedName(body.name);
      await this.checkNameFree(set.name, id);
    }
    if (body.description !== undefined) set.description = body.description;
    if (body.filter_type !== undefined) set.filter_type = body.filter_type;
    if (body.group_key !== undefined) set.group_key = blankToNull(body.group_key);
    const roles = body.roles === undefined ? null : [...new Set(body.roles)];
    if (roles) await this.checkRoles(roles);
    if (body.tables !== undefined && !body.tables.length) throw invalidFields({ tables: ['Shorter than minimum length 1.'] });
    const tables = body.tables === undefined ? await ruleTableIds(this.db, id) : [...new Set(body.tables)];
    // the clause must suit every dataset the rule will name, old clause on new datasets too
    if (body.clause !== undefined || body.tables !== undefined) await this.checkClause(user, tables, body.clause ?? current.clause);
    if (body.clause !== undefined) set.clause = body.clause.trim();
    await this.db.transaction().execute(async (trx) => {
      await updateRule(trx, id, set);
      if (roles) {
        await removeRuleRoles(trx, id);
        await addRuleRoles(trx, id, roles);
      }
      if (body.tables !== undefined) {
        await removeRuleTables(trx, id);
        await addRuleTables(trx, id, tables);
      }
    });
    return { id, result: body };
  }

  /** Delete all of `ids` or none: an unknown id is a 404. */
  async delete(ids: number[]): Promise<number> {
    const wanted = [...new Set(ids)];
    return this.db.transaction().execute(async (trx) => {
      const found = await ruleIdsAmong(trx, wanted);
      if (found.length !== wanted.length) throw notFound();
      await deleteRules(trx, wanted);
      return wanted.length;
    });
  }

  /** related/roles: every role whose name contains `filter`. */
  async relatedRoles(q: Record<string, unknown>): Promise<{ count: number; result: { value: number; text: string }[] }> {
    const { filter, p } = relatedParams(q);
    const { count, rows } = await searchRolesByName(this.db, filter, p);
    return { count, result: rows.map((r) => ({ value: r.id, text: r.name })) };
  }

  /** related/tables: every dataset whose table name contains `filter` (admins see all datasets). */
  async relatedTables(
    q: Record<string, unknown>,
  ): Promise<{ count: number; result: { value: number; text: string; extra: { database: string; schema: string | null } }[] }> {
    const { filter, p } = relatedParams(q);
    const { count, rows } = await searchDatasetsByTableName(this.db, filter, p);
    return {
      count,
      result: rows.map((r) => ({
        value: r.id,
        text: r.schema ? `${r.schema}.${r.table_name}` : r.table_name,
        extra: { database: r.database_name, schema: r.schema },
      })),
    };
  }

  private checkedName(name: string): string {
    const trimmed = name.trim();
    if (!trimmed) throw invalidFields({ name: ['Field cannot be empty.'] });
    return trimmed;
  }

  private async checkNameFree(name: string, exceptId: number | null): Promise<void> {
    if (await ruleNameTaken(this.db, name, exceptId)) throw unprocessable(`A rule named ${JSON.stringify(name)} already exists.`);
  }

  private async checkRoles(ids: number[]): Promise<void> {
    if (!ids.length) return;
    const found = new Set(await roleIdsAmong(this.db, ids));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) throw unprocessable(`Some roles do not exist: ${missing.join(', ')}`);
  }

  /** Every dataset exists, and the clause is one WHERE expression for each of their engines. */
  private async checkClause(user: Principal, tableIds: number[], clause: string): Promise<void> {
    const rows = await datasetsWithDatabaseUri(this.db, tableIds);
    const found = new Set(rows.map((r) => r.id));
    const missing = tableIds.filter((id) => !found.has(id));
    if (missing.length) throw unprocessable(`Some datasets do not exist: ${missing.join(', ')}`);
    const backends = new Set(rows.map((r) => parseUri(r.sqlalchemy_uri).backend));
    for (const backend of backends) {
      try {
        await renderRlsClause(user, getEngineSpec(backend), clause);
      } catch (e) {
        if (e instanceof RlsClauseError) throw invalidFields({ clause: [e.message] });
        throw e;
      }
    }
  }

  private async present(rows: RuleRow[]): Promise<RlsRecord[]> {
    if (!rows.length) return [];
    const ids = rows.map((r) => r.id);
    const [tables, roles] = await Promise.all([tablesOfRules(this.db, ids), rolesOfRules(this.db, ids)]);
    const users = await usersById(
      this.db,
      rows.map((r) => r.changed_by_fk),
    );
    const now = Date.now();
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      description: r.description,
      filter_type: (r.filter_type === 'Regular' ? 'Regular' : 'Base') as RlsFilterType,
      tables: tables.filter((t) => t.rls_filter_id === r.id).map((t) => ({ id: t.id, schema: t.schema, table_name: t.table_name })),
      roles: roles.filter((x) => x.rls_filter_id === r.id).map((x) => ({ id: x.id, name: x.name })),
      group_key: r.group_key,
      clause: r.clause,
      changed_on_delta_humanized: humanizeDelta(r.changed_on, now),
      changed_by: r.changed_by_fk !== null ? (users.get(r.changed_by_fk) ?? null) : null,
    }));
  }
}

function relatedParams(q: Record<string, unknown>): { filter: string | null; p: ListParams } {
  const filter = q.filter;
  if (filter !== undefined && (typeof filter !== 'string' || filter.length > 1000))
    throw invalidFields({ filter: ['Not a valid string.'] });
  return { filter: filter || null, p: listParams({ page: q.page, page_size: q.page_size }, [], 20) };
}
