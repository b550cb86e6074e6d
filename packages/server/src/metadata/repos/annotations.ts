/**
 * Native annotation layers (`annotation_layer`) and their annotations (`annotation`). Both tables
 * are added by the annotations feature's migration, so they are not in `MetadataSchema`: the
 * functions here take the store and see it with these tables added. Functions that take `db` also
 * take a transaction.
 */
import { sql, type Generated, type Insertable, type Kysely, type SqlBool, type Updateable } from 'kysely';
import type { MetadataSchema, Row } from '../schema.js';
import { textMatches, type TextMatchMode } from '../textMatch.js';

export interface AnnotationLayerTable {
  id: Generated<number>;
  name: string;
  descr: string | null;
  created_on: string;
  changed_on: string;
  created_by_fk: number | null;
  changed_by_fk: number | null;
}

export interface AnnotationTable {
  id: Generated<number>;
  layer_id: number;
  start_dttm: string;
  end_dttm: string;
  short_descr: string;
  long_descr: string | null;
  json_metadata: string | null;
  created_on: string;
  changed_on: string;
  created_by_fk: number | null;
  changed_by_fk: number | null;
}

export type AnnotationTables = {
  annotation_layer: AnnotationLayerTable;
  annotation: AnnotationTable;
};

type Db = Kysely<MetadataSchema>;
type Page = { page: number; pageSize: number };
type Order = { ref: string; direction: 'asc' | 'desc' };

const tables = (db: Db) => db.withTables<AnnotationTables>();

/** A filter of the layer list: a text match, an exact name, a match on name or description, a user, or ids. */
export type LayerFilter =
  | { kind: 'text'; column: 'name' | 'descr'; value: string; mode: TextMatchMode }
  | { kind: 'name'; value: string }
  | { kind: 'allText'; value: string }
  | { kind: 'user'; column: 'changed_by_fk' | 'created_by_fk'; value: number }
  | { kind: 'ids'; ids: number[] };

/**
 * One page of the layers (alias `l`) matching every filter, ordered on `order.ref` (a column of
 * `l`) then id, and how many match in all.
 */
export async function layerPage(
  db: Db,
  filters: readonly LayerFilter[],
  order: Order,
  page: Page,
): Promise<{ count: number; rows: Row<AnnotationLayerTable>[] }> {
  let q = tables(db).selectFrom('annotation_layer as l');
  for (const f of filters) {
    if (f.kind === 'text') q = q.where(textMatches(`l.${f.column}`, f.value, f.mode));
    else if (f.kind === 'name') q = q.where('l.name', '=', f.value);
    else if (f.kind === 'allText') q = q.where((eb) => eb.or([textMatches('l.name', f.value), textMatches('l.descr', f.value)]));
    else if (f.kind === 'user') q = q.where(`l.${f.column}`, '=', f.value);
    else q = f.ids.length ? q.where('l.id', 'in', f.ids) : q.where(sql<SqlBool>`1 = 0`);
  }
  const { n } = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await q
    .selectAll('l')
    .orderBy(sql.ref(order.ref), order.direction)
    .orderBy('l.id', order.direction)
    .limit(page.pageSize)
    .offset(page.page * page.pageSize)
    .execute();
  return { count: Number(n), rows };
}

/** The layer with this id, if any. */
export function layerById(db: Db, id: number) {
  return tables(db).selectFrom('annotation_layer').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Whether a layer other than `exceptId` (null: any) has this name. */
export async function layerNameTaken(db: Db, name: string, exceptId: number | null): Promise<boolean> {
  let q = tables(db).selectFrom('annotation_layer').select('id').where('name', '=', name);
  if (exceptId !== null) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** Inserts a layer and returns its id. */
export async function insertLayer(db: Db, values: Insertable<AnnotationLayerTable>): Promise<number> {
  const row = await tables(db).insertInto('annotation_layer').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Changes fields of a layer. */
export async function setLayerFields(db: Db, id: number, set: Updateable<AnnotationLayerTable>): Promise<void> {
  await tables(db).updateTable('annotation_layer').set(set).where('id', '=', id).execute();
}

/** The ids among `ids` that name a layer. */
export async function layerIdsAmong(db: Db, ids: number[]): Promise<number[]> {
  return (await tables(db).selectFrom('annotation_layer').select('id').where('id', 'in', ids).execute()).map((r) => r.id);
}

/** Whether any of the layers holds an annotation. */
export async function layersHoldAnnotations(db: Db, layerIds: number[]): Promise<boolean> {
  const used = await tables(db).selectFrom('annotation').select('layer_id').where('layer_id', 'in', layerIds).executeTakeFirst();
  return used !== undefined;
}

/** Deletes layers (the caller makes sure they hold no annotations). */
export async function deleteLayers(db: Db, ids: number[]): Promise<void> {
  await tables(db).deleteFrom('annotation_layer').where('id', 'in', ids).execute();
}

/** A filter of an annotation list: a text match, or a match on the short or long description. */
export type AnnotationFilter =
  { kind: 'text'; column: 'short_descr' | 'long_descr'; value: string; mode: TextMatchMode } | { kind: 'allText'; value: string };

/**
 * One page of the layer's annotations (alias `a`) matching every filter, ordered on `order.ref`
 * (a column of `a`) then id, and how many match in all.
 */
export async function annotationPage(
  db: Db,
  layerId: number,
  filters: readonly AnnotationFilter[],
  order: Order,
  page: Page,
): Promise<{ count: number; rows: Row<AnnotationTable>[] }> {
  let q = tables(db).selectFrom('annotation as a').where('a.layer_id', '=', layerId);
  for (const f of filters) {
    if (f.kind === 'text') q = q.where(textMatches(`a.${f.column}`, f.value, f.mode));
    else q = q.where((eb) => eb.or([textMatches('a.short_descr', f.value), textMatches('a.long_descr', f.value)]));
  }
  const { n } = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await q
    .selectAll('a')
    .orderBy(sql.ref(order.ref), order.direction)
    .orderBy('a.id', order.direction)
    .limit(page.pageSize)
    .offset(page.page * page.pageSize)
    .execute();
  return { count: Number(n), rows };
}

/** The layer's annotation with this id, if any. */
export function annotationById(db: Db, layerId: number, id: number) {
  return tables(db).selectFrom('annotation').selectAll().where('id', '=', id).where('layer_id', '=', layerId).executeTakeFirst();
}

/** Whether an annotation of the layer other than `exceptId` (null: any) has this short description. */
export async function shortDescrTaken(db: Db, layerId: number, short: string, exceptId: number | null): Promise<boolean> {
  let q = tables(db).selectFrom('annotation').select('id').where('layer_id', '=', layerId).where('short_descr', '=', short);
  if (exceptId !== null) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** Inserts an annotation and returns its id. */
export async function insertAnnotation(db: Db, values: Insertable<AnnotationTable>): Promise<number> {
  const row = await tables(db).insertInto('annotation').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Changes fields of an annotation. */
export async function setAnnotationFields(db: Db, id: number, set: Updateable<AnnotationTable>): Promise<void> {
  await tables(db).updateTable('annotation').set(set).where('id', '=', id).execute();
}

/** The ids among `ids` that name an annotation of the layer. */
export async function annotationIdsAmong(db: Db, layerId: number, ids: number[]): Promise<number[]> {
  return (await tables(db).selectFrom('annotation').select('id').where('layer_id', '=', layerId).where('id', 'in', ids).execute()).map(
    (r) => r.id,
  );
}

/** Deletes annotations by id. */
export async function deleteAnnotations(db: Db, ids: number[]): Promise<void> {
  await tables(db).deleteFrom('annotation').where('id', 'in', ids).execute();
}

/**
 * The annotations of the layers that start before `until` and end at or after `since` (stored
 * times, compared as text; a null bound cuts nothing), by start then id, at most 10,000.
 */
export function annotationsOfLayers(db: Db, layerIds: number[], bounds: { since: string | null; until: string | null }) {
  let q = tables(db).selectFrom('annotation').selectAll().where('layer_id', 'in', layerIds);
  if (bounds.until) q = q.where('start_dttm', '<', bounds.until);
  if (bounds.since) q = q.where('end_dttm', '>=', bounds.since);
  return q.orderBy('start_dttm').orderBy('id').limit(10_000).execute();
}
