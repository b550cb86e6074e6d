/**
 * Tags (`tag`) and taggings (`tagged_object`, an object named by its type name and id): the two
 * tables, the tag API's reads and writes, and what other features need of them (the custom tags of
 * some objects, "is tagged with" as a list condition, forgetting the taggings of deleted objects).
 * The tables are created by tags/migration.ts and are not in `MetadataSchema`: queries reach them
 * through `tagDb`.
 */
import { sql, type Expression, type ExpressionBuilder, type Generated, type Kysely, type SqlBool } from 'kysely';
import type { TagRef } from '@rama/shared';
import type { MetadataSchema, Row } from '../schema.js';
import { textMatches } from '../textMatch.js';

/** The peer's object types (ObjectType: query=1, chart=2, dashboard=3, dataset=4), as `tagged_object.object_type` stores them. */
export const OBJECT_TYPES = { query: 1, chart: 2, dashboard: 3, dataset: 4 } as const;
export type ObjectTypeName = keyof typeof OBJECT_TYPES;

/** The peer's tag types (TagType: custom=1, type=2, owner=3, favorited_by=4), as `tag.type` stores them. */
export const TAG_TYPES = { custom: 1, type: 2, owner: 3, favorited_by: 4 } as const;

export interface TagTable {
  id: Generated<number>;
  name: string;
  type: number;
  description: string | null;
  created_on: string;
  changed_on: string;
  created_by_fk: number | null;
  changed_by_fk: number | null;
}

export interface TaggedObjectTable {
  id: Generated<number>;
  tag_id: number;
  object_id: number;
  object_type: string;
  created_on: string;
  created_by_fk: number | null;
}

export type TagTables = { tag: TagTable; tagged_object: TaggedObjectTable };
export type TagDb = Kysely<MetadataSchema & TagTables>;
export type TagRow = Row<TagTable>;
/** A tag query's condition builder, the tag aliased `t`. */
export type TagEb = ExpressionBuilder<MetadataSchema & TagTables & { t: TagTable }, 't'>;

type Db = Kysely<MetadataSchema>;

/** The metadata store seen with the tag tables. */
export const tagDb = (db: Db): TagDb => db.withTables<TagTables>();

// ---- what other features read ----

/** The custom tags of each object (by id), ordered by name; objects without tags are absent. */
export async function customTagsOf(db: Db, type: ObjectTypeName, ids: number[]): Promise<Map<number, TagRef[]>> {
  const map = new Map<number, TagRef[]>();
  if (!ids.length) return map;
  const rows = await tagDb(db)
    .selectFrom('tagged_object as o')
    .innerJoin('tag as t', 't.id', 'o.tag_id')
    .select(['o.object_id', 't.id', 't.name', 't.type'])
    .where('o.object_type', '=', type)
    .where('o.object_id', 'in', [...new Set(ids)])
    .where('t.type', '=', TAG_TYPES.custom)
    .orderBy('t.name')
    .orderBy('t.id')
    .execute();
  for (const r of rows) map.set(r.object_id, [...(map.get(r.object_id) ?? []), { id: r.id, name: r.name, type: r.type }]);
  return map;
}

/**
 * Forget the taggings of deleted objects (call it in the delete's transaction): a new object that
 * gets a deleted one's id must not inherit its tags, and get_objects must not count it.
 */
export async function untagObjects(db: Db, type: ObjectTypeName, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await tagDb(db)
    .deleteFrom('tagged_object')
    .where('object_type', '=', type)
    .where('object_id', 'in', [...new Set(ids)])
    .execute();
}

/**
 * The object (its id column `idRef`, e.g. `s.id`) carries a custom tag whose name contains `name`
 * (any case; the peer's tag name filter), or the tag of that id.
 */
export function taggedWith(type: ObjectTypeName, idRef: string, match: { name: string } | { id: number }): Expression<SqlBool> {
  // aliases no list query uses (the dataset list's `t` is its table), so `idRef` names the outer row
  const tagCondition = 'id' in match ? sql`tag_f.id = ${match.id}` : textMatches('tag_f.name', match.name);
  return sql<SqlBool>`exists (select 1 from tagged_object tagged_f inner join tag tag_f on tag_f.id = tagged_f.tag_id where tagged_f.object_type = ${type} and tagged_f.object_id = ${sql.ref(idRef)} and tag_f.type = ${TAG_TYPES.custom} and ${tagCondition})`;
}

// ---- tags ----

/**
 * One page of the tags meeting every condition, ordered by the column `orderRef` (e.g. `t.name`)
 * then id, and how many there are in all.
 */
export async function listTags(
  db: Db,
  conditions: ((eb: TagEb) => Expression<SqlBool>)[],
  order: { ref: string; direction: 'asc' | 'desc' },
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: TagRow[] }> {
  let q = tagDb(db).selectFrom('tag as t');
  for (const c of conditions) q = q.where((eb) => c(eb));
  const { n } = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await q
    .selectAll('t')
    .orderBy(sql.ref(order.ref), order.direction)
    .orderBy('t.id', order.direction)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { count: Number(n), rows };
}

/** The stored tag, if any. */
export function tagById(db: Db, id: number): Promise<TagRow | undefined> {
  return tagDb(db).selectFrom('tag').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The id of the tag with this name, if any. */
export async function tagIdByName(db: Db, name: string): Promise<number | undefined> {
  return (await tagDb(db).selectFrom('tag').select('id').where('name', '=', name).executeTakeFirst())?.id;
}

/** Whether a tag other than `exceptId` has the name. */
export async function tagNameTaken(db: Db, name: string, exceptId: number | null): Promise<boolean> {
  let q = tagDb(db).selectFrom('tag').select('id').where('name', '=', name);
  if (exceptId !== null) q = q.where('id', '!=', exceptId);
  return Boolean(await q.executeTakeFirst());
}

/** The ids among `ids` that name a tag. */
export async function existingTagIds(db: Db, ids: number[]): Promise<number[]> {
  return (await tagDb(db).selectFrom('tag').select('id').where('id', 'in', ids).execute()).map((r) => r.id);
}

/** The ids of the tags with these names. */
export async function tagIdsByNames(db: Db, names: string[]): Promise<number[]> {
  return (await tagDb(db).selectFrom('tag').select('id').where('name', 'in', names).execute()).map((r) => r.id);
}

/** Stores a new custom tag; answers its id. */
export async function insertCustomTag(
  db: Db,
  tag: { name: string; description: string | null; now: string; userId: number },
): Promise<number> {
  const row = await tagDb(db)
    .insertInto('tag')
    .values({
      name: tag.name,
      type: TAG_TYPES.custom,
      description: tag.description,
      created_on: tag.now,
      changed_on: tag.now,
      created_by_fk: tag.userId,
      changed_by_fk: tag.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Renames a tag (and changes its description when given), marking who changed it and when. */
export async function updateTag(
  db: Db,
  id: number,
  set: { name: string; description?: string | null; changed_on: string; changed_by_fk: number },
): Promise<void> {
  await tagDb(db).updateTable('tag').set(set).where('id', '=', id).execute();
}

/** Deletes tags by id (their taggings go with them). */
export async function deleteTags(db: Db, ids: number[]): Promise<void> {
  await tagDb(db).deleteFrom('tag').where('id', 'in', ids).execute();
}

/** Deletes tags by name (their taggings go with them). */
export async function deleteTagsByName(db: Db, names: string[]): Promise<void> {
  await tagDb(db).deleteFrom('tag').where('name', 'in', names).execute();
}

// ---- taggings ----

/** The objects a tag is on. */
export function taggingsOf(db: Db, tagId: number): Promise<{ object_type: string; object_id: number }[]> {
  return tagDb(db).selectFrom('tagged_object').select(['object_type', 'object_id']).where('tag_id', '=', tagId).execute();
}

/** Puts the tag on these objects; those it is on already are left alone. */
export async function addTaggings(
  db: Db,
  tagId: number,
  objects: { type: ObjectTypeName; id: number }[],
  by: { userId: number; now: string },
): Promise<void> {
  if (!objects.length) return;
  const existing = await taggingsOf(db, tagId);
  const have = new Set(existing.map((e) => `${e.object_type}:${e.object_id}`));
  const fresh = objects.filter((o) => !have.has(`${o.type}:${o.id}`));
  if (fresh.length)
    await tagDb(db)
      .insertInto('tagged_object')
      .values(fresh.map((o) => ({ tag_id: tagId, object_id: o.id, object_type: o.type, created_on: by.now, created_by_fk: by.userId })))
      .execute();
}

/** Takes the tag off every object. */
export async function removeTaggings(db: Db, tagId: number): Promise<void> {
  await tagDb(db).deleteFrom('tagged_object').where('tag_id', '=', tagId).execute();
}

/** Takes the tag off one object; how many taggings went (0 or 1). */
export async function removeTagging(db: Db, tagId: number, type: ObjectTypeName, objectId: number): Promise<number> {
  const r = await tagDb(db)
    .deleteFrom('tagged_object')
    .where('tag_id', '=', tagId)
    .where('object_type', '=', type)
    .where('object_id', '=', objectId)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

/**
 * The objects carrying a custom tag among `tagNames` and `tagIds` (each filter only when given),
 * of the given types (all when none), by type and id, at most `limit`.
 */
export function taggedObjectRefs(
  db: Db,
  opts: { tagNames?: string[]; tagIds?: number[]; types?: ObjectTypeName[] },
  limit: number,
): Promise<{ object_type: string; object_id: number }[]> {
  let q = tagDb(db)
    .selectFrom('tagged_object as o')
    .innerJoin('tag as t', 't.id', 'o.tag_id')
    .select(['o.object_type', 'o.object_id'])
    .distinct()
    .where('t.type', '=', TAG_TYPES.custom);
  if (opts.tagNames?.length) q = q.where('t.name', 'in', opts.tagNames);
  if (opts.tagIds?.length) q = q.where('t.id', 'in', opts.tagIds);
  if (opts.types?.length) q = q.where('o.object_type', 'in', opts.types);
  return q.orderBy('o.object_type').orderBy('o.object_id').limit(limit).execute();
}

/**
 * The stored saved query a tag may name; with `authorId` only when that user wrote it (a saved
 * query is its author's alone).
 */
export function savedQueryForTag(db: Db, id: number, authorId: number | null) {
  let q = db.selectFrom('saved_query').selectAll().where('id', '=', id);
  if (authorId !== null) q = q.where('user_id', '=', authorId);
  return q.executeTakeFirst();
}
