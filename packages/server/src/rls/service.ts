/**
 * Row level security rules: list, read, create, update, delete (admins only; routes check).
 * A rule's clause is rendered for the admin saving it and checked by the expression guard for the
 * engine of every dataset it names, so a rule that could never run is refused when it is saved.
 */
import { sql, type SqlBool } from 'kysely';
import type { RlsFilterType, RlsRecord, RlsUpdate, RlsWrite } from '@rama/shared';
import type { AppContext } from '../context.js';
import { getEngineSpec } from '../engines/registry.js';
import { parseUri } from '../engines/uri.js';
import { HttpError, invalidFields, notFound } from '../http/errors.js';
import { listParams, type ListParams } from '../http/rison.js';
import { humanizeDelta } from '../http/time.js';
import { nowIso } from '../metadata/db.js';
import type { Row, RlsFilterTable } from '../metadata/schema.js';
import { textMatches } from '../metadata/textMatch.js';
import type { Principal } from '../security/principal.js';
import { renderRlsClause, RlsClauseError } from './apply.js';
import { usersById } from '../metadata/repos/users.js';

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
type Filter = ListParams['filters'][number];

const unprocessable = (message: string) => new HttpError(422, { message });

function intValue(f: Filter, v: unknown = f.value): number {
  if (typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= 2_147_483_647) return v;
  if (typeof v === 'string' && /^\d{1,9}$/.test(v)) return Number(v);
  throw invalidFields({ filters: [`The value of ${f.col} must be an id.`] });
}

function stringValue(f: Filter): string {
  if (typeof f.value === 'string' && f.value.length <= 1000) return f.value;
  throw invalidFields({ filters: [`The value of ${f.col} must be a string.`] });
}

const blankToNull = (s: string | null | undefined): string | null => (s === undefined || s === null || !s.trim() ? null : s.trim());

export class RlsService {
  constructor(private readonly ctx: AppContext) {}

  private get db() {
    return this.ctx.store.db;
  }

  async list(p: ListParams): Promise<{ count: number; ids: number[]; result: RlsRecord[] }> {
    let q = this.db.selectFrom('row_level_security_filters as f');
    for (const f of p.filters) {
      const text = ['name', 'description', 'group_key', 'clause'].includes(f.col) ? (f.col as 'name') : null;
      if (text && (f.opr === 'ct' || f.opr === 'sw' || f.opr === 'ew')) {
        q = q.where(textMatches(`f.${text}`, stringValue(f), f.opr));
      } else if (text && f.opr === 'eq') {
        q = q.where(`f.${text}`, '=', stringValue(f));
      } else if (f.col === 'filter_type' && f.opr === 'eq') {
        q = q.where('f.filter_type', '=', stringValue(f));
      } else if ((f.col === 'roles' || f.col === 'tables') && (f.opr === 'rel_m_m' || f.opr === 'eq')) {
        const id = intValue(f);
        q =
          f.col === 'roles'
            ? q.where((eb) =>
                eb.exists(
                  eb
                    .selectFrom('rls_filter_roles as x')
                    .select('x.role_id')
                    .whereRef('x.rls_filter_id', '=', 'f.id')
                    .where('x.role_id', '=', id),
                ),
              )
            : q.where((eb) =>
                eb.exists(
                  eb
                    .selectFrom('rls_filter_tables as x')
                    .select('x.table_id')
                    .whereRef('x.rls_filter_id', '=', 'f.id')
                    .where('x.table_id', '=', id),
                ),
              );
      } else if ((f.col === 'changed_by' || f.col === 'created_by') && (f.opr === 'rel_o_m' || f.opr === 'eq')) {
        q = q.where(f.col === 'changed_by' ? 'f.changed_by_fk' : 'f.created_by_fk', '=', intValue(f));
      } else if (f.col === 'id' && f.opr === 'in') {
        if (!Array.isArray(f.value) || f.value.length > 1000) throw invalidFields({ filters: ['The value of id must be a list of ids.'] });
        const ids = f.value.map((v) => intValue(f, v));
        q = ids.length ? q.where('f.id', 'in', ids) : q.where(sql<SqlBool>`1 = 0`);
      } else {
        throw invalidFields({ filters: [`Filter on ${f.col} with ${f.opr} is not supported.`] });
      }
    }
    const { n } = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const orderBy = p.orderColumn ? ORDER_EXPRESSIONS[p.orderColumn as keyof typeof ORDER_EXPRESSIONS] : 'f.changed_on';
    const direction = p.orderColumn ? p.orderDirection : 'desc';
    const rows = await q
      .selectAll('f')
      .orderBy(sql.ref(orderBy), direction)
      .orderBy('f.id', direction)
      .limit(p.pageSize)
      .offset(p.page * p.pageSize)
      .execute();
    return { count: Number(n), ids: rows.map((r) => r.id), result: await this.present(rows) };
  }

  async get(id: number): Promise<RlsRecord> {
    const row = await this.db.selectFrom('row_level_security_filters').selectAll().where('id', '=', id).executeTakeFirst();
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
      const row = await trx
        .insertInto('row_level_security_filters')
        .values({
          name,
          description: body.description ?? null,
          filter_type: body.filter_type,
          group_key: blankToNull(body.group_key),
          clause: body.clause.trim(),
          created_on: now,
          changed_on: now,
          created_by_fk: user.id,
          changed_by_fk: user.id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (roles.length)
        await trx
          .insertInto('rls_filter_roles')
          .values(roles.map((role_id) => ({ rls_filter_id: row.id, role_id })))
          .execute();
      await trx
        .insertInto('rls_filter_tables')
        .values(tables.map((table_id) => ({ rls_filter_id: row.id, table_id })))
        .execute();
      return row.id;
    });
    return { id, result: body };
  }

  async update(user: Principal, id: number, body: RlsUpdate): Promise<{ id: number; result: RlsUpdate }> {
    const current = await this.db.selectFrom('row_level_security_filters').selectAll().where('id', '=', id).executeTakeFirst();
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
    const tables =
      body.tables === undefined
        ? (await this.db.selectFrom('rls_filter_tables').select('table_id').where('rls_filter_id', '=', id).execute()).map(
            (t) => t.table_id,
          )
        : [...new Set(body.tables)];
    // the clause must suit every dataset the rule will name, old clause on new datasets too
    if (body.clause !== undefined || body.tables !== undefined) await this.checkClause(user, tables, body.clause ?? current.clause);
    if (body.clause !== undefined) set.clause = body.clause.trim();
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('row_level_security_filters').set(set).where('id', '=', id).execute();
      if (roles) {
        await trx.deleteFrom('rls_filter_roles').where('rls_filter_id', '=', id).execute();
        if (roles.length)
          await trx
            .insertInto('rls_filter_roles')
            .values(roles.map((role_id) => ({ rls_filter_id: id, role_id })))
            .execute();
      }
      if (body.tables !== undefined) {
        await trx.deleteFrom('rls_filter_tables').where('rls_filter_id', '=', id).execute();
        await trx
          .insertInto('rls_filter_tables')
          .values(tables.map((table_id) => ({ rls_filter_id: id, table_id })))
          .execute();
      }
    });
    return { id, result: body };
  }

  /** Delete all of `ids` or none: an unknown id is a 404. */
  async delete(ids: number[]): Promise<number> {
    const wanted = [...new Set(ids)];
    return this.db.transaction().execute(async (trx) => {
      const found = await trx.selectFrom('row_level_security_filters').select('id').where('id', 'in', wanted).execute();
      if (found.length !== wanted.length) throw notFound();
      await trx.deleteFrom('rls_filter_roles').where('rls_filter_id', 'in', wanted).execute();
      await trx.deleteFrom('rls_filter_tables').where('rls_filter_id', 'in', wanted).execute();
      await trx.deleteFrom('row_level_security_filters').where('id', 'in', wanted).execute();
      return wanted.length;
    });
  }

  /** related/roles: every role whose name contains `filter`. */
  async relatedRoles(q: Record<string, unknown>): Promise<{ count: number; result: { value: number; text: string }[] }> {
    const { filter, p } = relatedParams(q);
    const base = this.db.selectFrom('ab_role as r').where((eb) => (filter ? textMatches('r.name', filter) : eb.lit(true)));
    const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .select(['r.id', 'r.name'])
      .orderBy('r.name')
      .limit(p.pageSize)
      .offset(p.page * p.pageSize)
      .execute();
    return { count: Number(n), result: rows.map((r) => ({ value: r.id, text: r.name })) };
  }

  /** related/tables: every dataset whose table name contains `filter` (admins see all datasets). */
  async relatedTables(
    q: Record<string, unknown>,
  ): Promise<{ count: number; result: { value: number; text: string; extra: { database: string; schema: string | null } }[] }> {
    const { filter, p } = relatedParams(q);
    const base = this.db
      .selectFrom('tables as t')
      .innerJoin('dbs as d', 'd.id', 't.database_id')
      .where((eb) => (filter ? textMatches('t.table_name', filter) : eb.lit(true)));
    const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .select(['t.id', 't.table_name', 't.schema', 'd.database_name'])
      .orderBy('t.table_name')
      .orderBy('t.id')
      .limit(p.pageSize)
      .offset(p.page * p.pageSize)
      .execute();
    return {
      count: Number(n),
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
    let q = this.db.selectFrom('row_level_security_filters').select('id').where('name', '=', name);
    if (exceptId !== null) q = q.where('id', '!=', exceptId);
    if (await q.executeTakeFirst()) throw unprocessable(`A rule named ${JSON.stringify(name)} already exists.`);
  }

  private async checkRoles(ids: number[]): Promise<void> {
    if (!ids.length) return;
    const found = new Set((await this.db.selectFrom('ab_role').select('id').where('id', 'in', ids).execute()).map((r) => r.id));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) throw unprocessable(`Some roles do not exist: ${missing.join(', ')}`);
  }

  /** Every dataset exists, and the clause is one WHERE expression for each of their engines. */
  private async checkClause(user: Principal, tableIds: number[], clause: string): Promise<void> {
    const rows = await this.db
      .selectFrom('tables as t')
      .innerJoin('dbs as d', 'd.id', 't.database_id')
      .select(['t.id', 'd.sqlalchemy_uri'])
      .where('t.id', 'in', tableIds)
      .execute();
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
    const [tables, roles] = await Promise.all([
      this.db
        .selectFrom('rls_filter_tables as ft')
        .innerJoin('tables as t', 't.id', 'ft.table_id')
        .select(['ft.rls_filter_id', 't.id', 't.schema', 't.table_name'])
        .where('ft.rls_filter_id', 'in', ids)
        .orderBy('t.table_name')
        .execute(),
      this.db
        .selectFrom('rls_filter_roles as fr')
        .innerJoin('ab_role as r', 'r.id', 'fr.role_id')
        .select(['fr.rls_filter_id', 'r.id', 'r.name'])
        .where('fr.rls_filter_id', 'in', ids)
        .orderBy('r.name')
        .execute(),
    ]);
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
