import type { Kysely } from 'kysely';
import type { Principal } from '../security/principal.js';
import { databasePermView, datasetPermView } from '../security/permissions.js';
import type { MetadataSchema, Row, DatasetTable } from '../metadata/schema.js';
import { datasetById, datasetByUuid } from '../metadata/repos/datasets.js';
import { databaseRefOrThrow } from '../metadata/repos/databases.js';
import { notFound } from '../http/errors.js';
import { MAX_ID } from '../http/rison.js';
import { allowedSchemas } from './databases.js';

export { datasetPermView };

const DATASET_VIEW = /^\[.*\]\.\[.*\]\(id:(\d+)\)$/;
const SCHEMA_VIEW = /^\[(.*)\]\.\[(.*)\]$/;

type DatabaseRef = { id: number; database_name: string };

/** Admins and holders of a global grant see every dataset. */
export function seesAllDatasets(user: Principal): boolean {
  return (
    user.isAdmin || user.can('all_datasource_access', 'all_datasource_access') || user.can('all_database_access', 'all_database_access')
  );
}

/** The whole database: a global grant or database_access (schema_access alone is narrower). */
export function hasDatabaseWideAccess(user: Principal, db: DatabaseRef): boolean {
  return seesAllDatasets(user) || user.can('database_access', databasePermView(db.database_name, db.id));
}

/**
 * What a user may see, as data a query can apply: whole databases (database_access), single
 * schemas (schema_access) and single datasets (datasource_access, matched on the id in the view).
 */
export interface DatasetScope {
  all: boolean;
  databaseIds: number[];
  schemas: { databaseId: number; schema: string }[];
  datasetIds: number[];
}

export function datasetScope(user: Principal, databases: DatabaseRef[]): DatasetScope {
  if (seesAllDatasets(user)) return { all: true, databaseIds: [], schemas: [], datasetIds: [] };
  const byName = new Map(databases.map((d) => [d.database_name, d.id]));
  const databaseIds = databases.filter((d) => user.can('database_access', databasePermView(d.database_name, d.id))).map((d) => d.id);
  const schemas: DatasetScope['schemas'] = [];
  for (const view of user.viewsWith('schema_access')) {
    const m = SCHEMA_VIEW.exec(view);
    const databaseId = m ? byName.get(m[1]) : undefined;
    if (m && databaseId !== undefined) schemas.push({ databaseId, schema: m[2] });
  }
  const datasetIds = user
    .viewsWith('datasource_access')
    .map((v) => DATASET_VIEW.exec(v)?.[1])
    .filter((x): x is string => x !== undefined)
    .map(Number)
    .filter((n) => n <= 2_147_483_647);
  return { all: false, databaseIds, schemas, datasetIds };
}

export function inScope(scope: DatasetScope, dataset: { id: number; database_id: number; schema: string | null }): boolean {
  if (scope.all || scope.databaseIds.includes(dataset.database_id) || scope.datasetIds.includes(dataset.id)) return true;
  return dataset.schema !== null && scope.schemas.some((s) => s.databaseId === dataset.database_id && s.schema === dataset.schema);
}

/** May the user read a dataset of this database: the whole database, its schema, or the dataset itself. */
export function canAccessDataset(
  user: Principal,
  db: DatabaseRef,
  dataset: { id: number; database_id: number; schema: string | null },
): boolean {
  return inScope(datasetScope(user, [db]), dataset);
}

/** Owners and admins change and delete a dataset (the BI server's ownership rule). */
export function canEditDataset(user: Principal, ownerIds: number[]): boolean {
  return user.isAdmin || ownerIds.includes(user.id);
}

/** A user granted single schemas uses only those; a dataset without a schema needs the whole database. */
export function mayUseSchema(user: Principal, db: DatabaseRef, schema: string | null): boolean {
  return schema !== null ? allowedSchemas(user, db, [schema]).length > 0 : hasDatabaseWideAccess(user, db);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The dataset (by id or uuid) with its database, when the user may read it; otherwise 404, the
 * same answer for a missing dataset and a hidden one.
 */
export async function visibleDataset(
  db: Kysely<MetadataSchema>,
  user: Principal,
  idOrUuid: number | string,
): Promise<{ row: Row<DatasetTable>; database: Awaited<ReturnType<typeof databaseRefOrThrow>> }> {
  const byId = typeof idOrUuid === 'number' || /^\d{1,10}$/.test(idOrUuid);
  if (byId ? Number(idOrUuid) > MAX_ID : !UUID.test(String(idOrUuid))) throw notFound();
  const row = await (byId ? datasetById(db, Number(idOrUuid)) : datasetByUuid(db, String(idOrUuid).toLowerCase()));
  if (!row) throw notFound();
  const database = await databaseRefOrThrow(db, row.database_id);
  if (!canAccessDataset(user, database, row)) throw notFound();
  return { row, database };
}
