/**
 * The tag tables and the two reads other features need: the custom tags of some objects (for the
 * `tags` field of chart, dashboard, saved query and dataset replies) and "is tagged with" as a list
 * filter condition (the peer's `chart_tags` / `dashboard_tags` operators on column `tags`).
 */
import { sql, type Expression, type Generated, type Kysely, type SqlBool } from 'kysely';
import type { TagRef } from '@rama/shared';
import type { MetadataSchema } from '../metadata/schema.js';
import { textMatches } from '../metadata/textMatch.js';
import { TAG_TYPES, type ObjectTypeName } from './rules.js';

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

/** A tag as object replies carry it (the peer's `tags: [{id, name, type}]`). */
export type { TagRef };

export const tagDb = (db: Kysely<MetadataSchema>): TagDb => db.withTables<TagTables>();

/** The custom tags of each object (by id), ordered by name; objects without tags are absent. */
export async function customTagsOf(db: Kysely<MetadataSchema>, type: ObjectTypeName, ids: number[]): Promise<Map<number, TagRef[]>> {
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
export async function untagObjects(db: Kysely<MetadataSchema>, type: ObjectTypeName, ids: number[]): Promise<void> {
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
