/**
 * Row level security rules (`row_level_security_filters`), the roles they name (`rls_filter_roles`)
 * and the datasets they filter (`rls_filter_tables`), plus the dataset reads the rules need.
 */
import { sql, type Insertable, type Kysely, type SqlBool, type Updateable } from 'kysely';
import type { MetadataSchema, RlsFilterTable, Row } from '../schema.js';
import { textMatches, type TextMatchMode } from '../textMatch.js';
import { prepared } from '../prepared.js';

type Db = Kysely<MetadataSchema>;
type RuleRow = Row<RlsFilterTable>;

/** One filter of the rule list, applied in the order given. */
export type RlsListFilter =
  | { col: 'name' | 'description' | 'group_key' | 'clause'; opr: 'eq' | TextMatchMode; value: string }
  | { col: 'filter_type'; value: string }
  /** rules naming this role, or this dataset */
  | { col: 'role' | 'table'; id: number }
  | { col: 'changed_by_fk' | 'created_by_fk'; value: number }
  | { col: 'id_in'; ids: number[] };

/** One page of rules (ties by id in the same direction) and the count of all that match. */
export async function listRuleRows(
  db: Db,
  o: { filters: RlsListFilter[]; orderBy: string; direction: 'asc' | 'desc'; page: number; pageSize: number },
): Promise<{ count: number; rows: RuleRow[] }> {
  let q = db.selectFrom('row_level_security_filters as f');
  for (const f of o.filters) {
    if (f.col === 'name' || f.col === 'description' || f.col === 'group_key' || f.col === 'clause') {
      q = f.opr === 'eq' ? q.where(`f.${f.col}`, '=', f.value) : q.where(textMatches(`f.${f.col}`, f.value, f.opr));
    } else if (f.col === 'filter_type') {
      q = q.where('f.filter_type', '=', f.value);
    } else if (f.col === 'role') {
      q = q.where((eb) =>
        eb.exists(
          eb.selectFrom('rls_filter_roles as x').select('x.role_id').whereRef('x.rls_filter_id', '=', 'f.id').where('x.role_id', '=', f.id),
        ),
      );
    } else if (f.col === 'table') {
      q = q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('rls_filter_tables as x')
            .select('x.table_id')
            .whereRef('x.rls_filter_id', '=', 'f.id')
            .where('x.table_id', '=', f.id),
        ),
      );
    } else if (f.col === 'changed_by_fk' || f.col === 'created_by_fk') {
      q = q.where(`f.${f.col}`, '=', f.value);
    } else if (f.col === 'id_in') {
      q = f.ids.length ? q.where('f.id', 'in', f.ids) : q.where(sql<SqlBool>`1 = 0`);
    }
  }
  const { n } = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await q
    .selectAll('f')
    .orderBy(sql.ref(o.orderBy), o.direction)
    .orderBy('f.id', o.direction)
    .limit(o.pageSize)
    .offset(o.page * o.pageSize)
    .execute();
  return { count: Number(n), rows };
}

/** The rule with this id, if any. */
export function ruleById(db: Db, id: number): Promise<RuleRow | undefined> {
  return db.selectFrom('row_level_security_filters').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Whether a rule other than `exceptId` has this name. */
export async function ruleNameTaken(db: Db, name: string, exceptId: number | null): Promise<boolean> {
  let q = db.selectFrom('row_level_security_filters').select('id').where('name', '=', name);
  if (exceptId !== null) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** The ids among `ids` that name rules. */
export async function ruleIdsAmong(db: Db, ids: number[]): Promise<number[]> {
  return (await db.selectFrom('row_level_security_filters').select('id').where('id', 'in', ids).execute()).map((r) => r.id);
}

/** Stores a new rule and returns its id. */
export async function insertRule(db: Db, values: Insertable<RlsFilterTable>): Promise<number> {
  return (await db.insertInto('row_level_security_filters').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

/** Changes a rule's columns. */
export async function updateRule(db: Db, id: number, set: Updateable<RlsFilterTable>): Promise<void> {
  await db.updateTable('row_level_security_filters').set(set).where('id', '=', id).execute();
}

/** Deletes these rules with their role and dataset links. */
export async function deleteRules(db: Db, ids: number[]): Promise<void> {
  await db.deleteFrom('rls_filter_roles').where('rls_filter_id', 'in', ids).execute();
  await db.deleteFrom('rls_filter_tables').where('rls_filter_id', 'in', ids).execute();
  await db.deleteFrom('row_level_security_filters').where('id', 'in', ids).execute();
}

/** Adds roles to a rule (nothing when the list is empty). */
export async function addRuleRoles(db: Db, ruleId: number, roleIds: number[]): Promise<void> {
  if (!roleIds.length) return;
  await db
    .insertInto('rls_filter_roles')
    .values(roleIds.map((role_id) => ({ rls_filter_id: ruleId, role_id })))
    .execute();
}

/** Removes every role of a rule. */
export async function removeRuleRoles(db: Db, ruleId: number): Promise<void> {
  await db.deleteFrom('rls_filter_roles').where('rls_filter_id', '=', ruleId).execute();
}

/** Adds datasets to a rule (the list must not be empty). */
export async function addRuleTables(db: Db, ruleId: number, tableIds: number[]): Promise<void> {
  await db
    .insertInto('rls_filter_tables')
    .values(tableIds.map((table_id) => ({ rls_filter_id: ruleId, table_id })))
    .execute();
}

/** Removes every dataset of a rule. */
export async function removeRuleTables(db: Db, ruleId: number): Promise<void> {
  await db.deleteFrom('rls_filter_tables').where('rls_filter_id', '=', ruleId).execute();
}

/** The ids of the datasets a rule names. */
export async function ruleTableIds(db: Db, ruleId: number): Promise<number[]> {
  return (await db.selectFrom('rls_filter_tables').select('table_id').where('rls_filter_id', '=', ruleId).execute()).map((t) => t.table_id);
}

/** The datasets these rules name, by table name. */
export function tablesOfRules(
  db: Db,
  ruleIds: number[],
): Promise<{ rls_filter_id: number; id: number; schema: string | null; table_name: string }[]> {
  return db
    .selectFrom('rls_filter_tables as ft')
    .innerJoin('tables as t', 't.id', 'ft.table_id')
    .select(['ft.rls_filter_id', 't.id', 't.schema', 't.table_name'])
    .where('ft.rls_filter_id', 'in', ruleIds)
    .orderBy('t.table_name')
    .execute();
}

/** The roles these rules name, by role name. */
export function rolesOfRules(db: Db, ruleIds: number[]): Promise<{ rls_filter_id: number; id: number; name: string }[]> {
  return db
    .selectFrom('rls_filter_roles as fr')
    .innerJoin('ab_role as r', 'r.id', 'fr.role_id')
    .select(['fr.rls_filter_id', 'r.id', 'r.name'])
    .where('fr.rls_filter_id', 'in', ruleIds)
    .orderBy('r.name')
    .execute();
}

/**
 * The rules naming any of `tableIds`, in rule id order: one row per dataset, rule and role (a
 * rule without roles has one row with a null role).
 */
const ruleRows = (db: Db) =>
  db
    .selectFrom('rls_filter_tables as ft')
    .innerJoin('row_level_security_filters as f', 'f.id', 'ft.rls_filter_id')
    .leftJoin('rls_filter_roles as fr', 'fr.rls_filter_id', 'f.id')
    .leftJoin('ab_role as r', 'r.id', 'fr.role_id')
    .select(['ft.table_id', 'f.id', 'f.filter_type', 'f.group_key', 'f.clause', 'r.name as role']);

/** One dataset's rule rows (what every chart data request reads): compiled once. */
const ruleRowsForTable = prepared((db, tableId: number) => ruleRows(db).where('ft.table_id', '=', tableId).orderBy('f.id'));

export function ruleRowsForTables(
  db: Db,
  tableIds: number[],
): Promise<{ table_id: number; id: number; filter_type: string; group_key: string | null; clause: string; role: string | null }[]> {
  if (tableIds.length === 1) return ruleRowsForTable.all(db, tableIds[0]);
  return ruleRows(db).where('ft.table_id', 'in', tableIds).orderBy('f.id').execute();
}

/** The datasets of a database that some rule names (each once). */
export function ruledDatasetsOfDatabase(
  db: Db,
  databaseId: number,
): Promise<{ id: number; schema: string | null; table_name: string; sql: string | null }[]> {
  return db
    .selectFrom('rls_filter_tables as ft')
    .innerJoin('tables as t', 't.id', 'ft.table_id')
    .select(['t.id', 't.schema', 't.table_name', 't.sql'])
    .distinct()
    .where('t.database_id', '=', databaseId)
    .execute();
}

// ---- datasets as rules see them

/** The URI of a dataset's database, if the dataset exists. */
export async function datasetDatabaseUri(db: Db, datasetId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('tables as t')
    .innerJoin('dbs as d', 'd.id', 't.database_id')
    .select('d.sqlalchemy_uri')
    .where('t.id', '=', datasetId)
    .executeTakeFirst();
  return row?.sqlalchemy_uri;
}

/** These datasets (those that exist) with their database's URI. */
export function datasetsWithDatabaseUri(db: Db, datasetIds: number[]): Promise<{ id: number; sqlalchemy_uri: string }[]> {
  return db
    .selectFrom('tables as t')
    .innerJoin('dbs as d', 'd.id', 't.database_id')
    .select(['t.id', 'd.sqlalchemy_uri'])
    .where('t.id', 'in', datasetIds)
    .execute();
}

/** Datasets whose table name contains `filter` (all without one), by table name then id, one page of them, and their count. */
export async function searchDatasetsByTableName(
  db: Db,
  filter: string | null,
  page: { page: number; pageSize: number },
): Promise<{ count: number; rows: { id: number; table_name: string; schema: string | null; database_name: string }[] }> {
  const base = db
    .selectFrom('tables as t')
    .innerJoin('dbs as d', 'd.id', 't.database_id')
    .where((eb) => (filter ? textMatches('t.table_name', filter) : eb.lit(true)));
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .select(['t.id', 't.table_name', 't.schema', 'd.database_name'])
    .orderBy('t.table_name')
    .orderBy('t.id')
    .limit(page.pageSize)
    .offset(page.page * page.pageSize)
    .execute();
  return { count: Number(n), rows };
}
