/**
 * Tags (the peer's /api/v1/tag/ API with TAGGING_SYSTEM on): list, read, create, update, delete
 * and bulk delete custom tags; tag and untag one object; list the objects carrying some tags.
 * Tagging an object needs the right to edit it (a hidden object answers 404, a visible one not
 * yours 403); listing objects shows only those the user may read.
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import { dashboardPath, type UserRef } from '@rama/shared';
import type { AppContext } from '../context.js';
import { HttpError, invalidFields, notFound } from '../http/errors.js';
import { idFilterValue, stringFilterValue, unsupportedFilter } from '../http/list-filters.js';
import type { ListParams } from '../http/rison.js';
import { humanizeDelta } from '../http/time.js';
import { nowIso } from '../metadata/db.js';
import { textMatches } from '../metadata/textMatch.js';
import { usersById, type Users } from '../metadata/repos/users.js';
import type { Principal } from '../security/principal.js';
import { editableChart, visibleChart } from '../access/charts.js';
import { DashboardService } from '../dashboards/service.js';
import { DatasetService } from '../datasets/service.js';
import {
  checkTagName,
  distinctNames,
  MAX_OBJECTS_PER_REQUEST,
  MAX_TAGS_PER_REQUEST,
  objectTypeName,
  OBJECT_TYPES,
  type ObjectTypeName,
} from './rules.js';
import type { TagRef } from '@rama/shared';
import {
  addTaggings,
  customTagsOf,
  deleteTags,
  deleteTagsByName,
  existingTagIds,
  insertCustomTag,
  listTags,
  removeTagging,
  removeTaggings,
  savedQueryForTag,
  tagById,
  tagIdByName,
  tagIdsByNames,
  tagNameTaken,
  taggedObjectRefs,
  taggingsOf,
  updateTag,
  type TagEb,
  type TagRow,
} from '../metadata/repos/tags.js';
import { ownersOf } from '../metadata/repos/owners.js';

export const TAG_ORDER_COLUMNS = ['name', 'type', 'changed_on', 'changed_on_delta_humanized', 'created_on', 'id'] as const;
const TAG_ORDER: Record<(typeof TAG_ORDER_COLUMNS)[number], string> = {
  name: 't.name',
  type: 't.type',
  changed_on: 't.changed_on',
  changed_on_delta_humanized: 't.changed_on',
  created_on: 't.created_on',
  id: 't.id',
};

export const TAG_NOT_FOUND = 'Tag not found.';

export interface TagWrite {
  name: string;
  description?: string | null;
  objects_to_tag?: [unknown, number][];
}

/** An object a tag names, as get_objects answers it (the peer's fields). */
export interface TaggedObject {
  id: number;
  type: ObjectTypeName;
  name: string;
  url: string;
  changed_on: string;
  created_by: number | null;
  creator: string;
  owners: UserRef[];
  tags: TagRef[];
}

interface ObjectInfo {
  name: string;
  url: string;
  changed_on: string;
  created_by: number | null;
  ownerIds: number[];
}

const userRef = (users: Users, id: number | null): UserRef | null => (id === null ? null : (users.get(id) ?? null));
const fullName = (u: UserRef | null): string => (u ? `${u.first_name} ${u.last_name}`.trim() : '');

/** A 404 from an access check (hidden or missing), as opposed to any other failure. */
const isNotFound = (e: unknown) => e instanceof HttpError && e.statusCode === 404;

export class TagService {
  constructor(private readonly ctx: AppContext) {}

  private get db() {
    return this.ctx.store.db;
  }

  // ---- tags ----

  async list(p: ListParams) {
    const conditions: ((eb: TagEb) => Expression<SqlBool>)[] = [];
    for (const f of p.filters) {
      if (f.col === 'name' && (f.opr === 'ct' || f.opr === 'sw' || f.opr === 'ew')) {
        const text = stringFilterValue(f);
        const mode = f.opr;
        conditions.push(() => textMatches('t.name', text, mode));
      } else if (f.col === 'name' && f.opr === 'eq') {
        const text = stringFilterValue(f);
        conditions.push((eb) => eb('t.name', '=', text));
      } else if (f.col === 'type' && f.opr === 'eq') {
        const type = idFilterValue(f);
        conditions.push((eb) => eb('t.type', '=', type));
      } else if ((f.col === 'changed_by' || f.col === 'created_by') && (f.opr === 'rel_o_m' || f.opr === 'eq')) {
        const ref = f.col === 'changed_by' ? 't.changed_by_fk' : 't.created_by_fk';
        const id = idFilterValue(f);
        conditions.push((eb) => eb(ref, '=', id));
      } else if (f.col === 'id' && f.opr === 'in') {
        if (!Array.isArray(f.value) || f.value.length > 1000) throw invalidFields({ filters: ['The value of id must be a list of ids.'] });
        const ids = f.value.map((v) => idFilterValue(f, v));
        conditions.push((eb) => (ids.length ? eb('t.id', 'in', ids) : sql<SqlBool>`1 = 0`));
      } else throw unsupportedFilter(f.col, f.opr);
    }
    const orderBy = p.orderColumn ? TAG_ORDER[p.orderColumn as keyof typeof TAG_ORDER] : 't.name';
    const { count: n, rows } = await listTags(
      this.ctx.store.db,
      conditions,
      { ref: orderBy, direction: p.orderDirection },
      { limit: p.pageSize, offset: p.page * p.pageSize },
    );
    const users = await usersById(
      this.ctx.store.db,
      rows.flatMap((r) => [r.created_by_fk, r.changed_by_fk]),
    );
    const now = Date.now();
    return { count: Number(n), ids: rows.map((r) => r.id), result: rows.map((r) => this.present(r, users, now)) };
  }

  private present(r: TagRow, users: Users, now = Date.now()) {
    return {
      id: r.id,
      name: r.name,
      type: r.type,
      description: r.description,
      changed_by: userRef(users, r.changed_by_fk),
      changed_on_delta_humanized: humanizeDelta(r.changed_on, now),
      created_by: userRef(users, r.created_by_fk),
      created_on_delta_humanized: humanizeDelta(r.created_on, now),
    };
  }

  private async row(id: number): Promise<TagRow> {
    const row = await tagById(this.db, id);
    if (!row) throw notFound(TAG_NOT_FOUND);
    return row;
  }

  async get(id: number) {
    const row = await this.row(id);
    return this.present(row, await usersById(this.ctx.store.db, [row.created_by_fk, row.changed_by_fk]));
  }

  private checkedName(raw: string, field = 'name'): string {
    const checked = checkTagName(raw);
    if ('error' in checked) throw invalidFields({ [field]: [checked.error] });
    return checked.name;
  }

  private async checkNameFree(name: string, exceptId: number | null): Promise<void> {
    if (await tagNameTaken(this.db, name, exceptId)) throw invalidFields({ name: ['A tag with this name already exists.'] });
  }

  /** The objects a create or update names, each checked editable by the user; distinct. */
  private async checkedObjects(user: Principal, raw: [unknown, number][]): Promise<{ type: ObjectTypeName; id: number }[]> {
    if (raw.length > MAX_OBJECTS_PER_REQUEST)
      throw invalidFields({ objects_to_tag: [`At most ${MAX_OBJECTS_PER_REQUEST} objects per request.`] });
    const seen = new Map<string, { type: ObjectTypeName; id: number }>();
    for (const [t, id] of raw) {
      const type = objectTypeName(t);
      if (!type) throw invalidFields({ objects_to_tag: [`Unknown object type ${JSON.stringify(t)}.`] });
      seen.set(`${type}:${id}`, { type, id });
    }
    const objects = [...seen.values()];
    for (const o of objects) await this.objectInfo(user, o.type, o.id, 'edit');
    return objects;
  }

  async create(user: Principal, body: TagWrite) {
    const name = this.checkedName(body.name);
    await this.checkNameFree(name, null);
    const objects = await this.checkedObjects(user, body.objects_to_tag ?? []);
    const now = nowIso();
    const id = await this.db.transaction().execute(async (trx) => {
      const tagId = await insertCustomTag(trx, { name, description: body.description ?? null, now, userId: user.id });
      await addTaggings(trx, tagId, objects, { userId: user.id, now });
      return tagId;
    });
    return { id, result: { name, description: body.description ?? null, objects_to_tag: objects.map((o) => [o.type, o.id]) } };
  }

  /** Rename or describe a tag; `objects_to_tag`, when given, becomes the tag's objects. */
  async update(user: Principal, id: number, body: Partial<TagWrite>) {
    const current = await this.row(id);
    const name = body.name === undefined ? current.name : this.checkedName(body.name);
    if (name !== current.name) await this.checkNameFree(name, id);
    const objects = body.objects_to_tag === undefined ? null : await this.checkedObjects(user, body.objects_to_tag);
    if (objects) {
      // removing the tag from an object also needs the right to edit it
      const keep = new Set(objects.map((o) => `${o.type}:${o.id}`));
      const linked = await taggingsOf(this.db, id);
      for (const l of linked) {
        const type = objectTypeName(l.object_type);
        if (type && !keep.has(`${type}:${l.object_id}`)) await this.editableOrGone(user, type, l.object_id);
      }
    }
    const now = nowIso();
    await this.db.transaction().execute(async (trx) => {
      await updateTag(trx, id, {
        name,
        ...(body.description !== undefined ? { description: body.description } : {}),
        changed_on: now,
        changed_by_fk: user.id,
      });
      if (objects) {
        await removeTaggings(trx, id);
        await addTaggings(trx, id, objects, { userId: user.id, now });
      }
    });
    return {
      id,
      result: {
        name,
        description: body.description !== undefined ? body.description : current.description,
        ...(objects ? { objects_to_tag: objects.map((o) => [o.type, o.id]) } : {}),
      },
    };
  }

  /** An object the user may edit; a missing one (stale tagging) passes, a hidden one too (nothing to leak). */
  private async editableOrGone(user: Principal, type: ObjectTypeName, id: number): Promise<void> {
    try {
      await this.objectInfo(user, type, id, 'edit');
    } catch (e) {
      if (!isNotFound(e)) throw e;
      if (!user.isAdmin) throw new HttpError(403, { message: 'You do not have permission to untag this object.' });
    }
  }

  async delete(ids: number[]): Promise<number> {
    const found = await existingTagIds(this.db, ids);
    if (found.length !== new Set(ids).size) throw notFound(TAG_NOT_FOUND);
    await deleteTags(this.db, ids);
    return found.length;
  }

  /** DELETE /api/v1/tag/?q=!(name,…): the peer deletes tags by name; 404 when one does not exist. */
  async deleteByName(names: string[]): Promise<number> {
    const wanted = distinctNames(names);
    if (!wanted.length) return 0;
    const found = await tagIdsByNames(this.db, wanted);
    if (found.length !== wanted.length) throw notFound(TAG_NOT_FOUND);
    await deleteTagsByName(this.db, wanted);
    return found.length;
  }

  // ---- tagging objects ----

  /**
   * POST /api/v1/tag/{object_type}/{object_id}/: give the object these custom tags (created when
   * new); the tags it has stay. The object must be editable by the user.
   */
  async tagObject(user: Principal, type: ObjectTypeName, objectId: number, names: string[]): Promise<TagRef[]> {
    if (names.length > MAX_TAGS_PER_REQUEST) throw invalidFields({ tags: [`At most ${MAX_TAGS_PER_REQUEST} tags per request.`] });
    const checked = distinctNames(names).map((n) => this.checkedName(n, 'tags'));
    if (!checked.length) throw invalidFields({ tags: ['No tags to add.'] });
    await this.objectInfo(user, type, objectId, 'edit');
    const now = nowIso();
    await this.db.transaction().execute(async (trx) => {
      for (const name of checked) {
        const tagId = (await tagIdByName(trx, name)) ?? (await insertCustomTag(trx, { name, description: null, now, userId: user.id }));
        await addTaggings(trx, tagId, [{ type, id: objectId }], { userId: user.id, now });
      }
    });
    return (await customTagsOf(this.ctx.store.db, type, [objectId])).get(objectId) ?? [];
  }

  /** DELETE /api/v1/tag/{object_type}/{object_id}/{tag}/: 404 when the object does not carry it. */
  async untagObject(user: Principal, type: ObjectTypeName, objectId: number, name: string): Promise<void> {
    await this.objectInfo(user, type, objectId, 'edit');
    const tagId = await tagIdByName(this.db, name);
    const gone = tagId !== undefined ? await removeTagging(this.db, tagId, type, objectId) : 0;
    if (gone === 0) throw notFound('Tagged object not found.');
  }

  /**
   * GET /api/v1/tag/get_objects/?tags=a,b&types=chart,dashboard (or tagIds=1,2): the objects
   * carrying any of these tags that the user may read, newest change first.
   */
  async objects(user: Principal, opts: { tagNames?: string[]; tagIds?: number[]; types?: ObjectTypeName[] }): Promise<TaggedObject[]> {
    if ((opts.tagNames?.length ?? 0) > MAX_TAGS_PER_REQUEST || (opts.tagIds?.length ?? 0) > MAX_TAGS_PER_REQUEST)
      throw invalidFields({ tags: [`At most ${MAX_TAGS_PER_REQUEST} tags per request.`] });
    const rows = await taggedObjectRefs(this.db, opts, MAX_OBJECTS_PER_REQUEST);
    const found: (Omit<TaggedObject, 'owners' | 'tags' | 'creator'> & { ownerIds: number[] })[] = [];
    for (const r of rows) {
      const type = objectTypeName(r.object_type);
      if (!type) continue;
      try {
        const info = await this.objectInfo(user, type, r.object_id, 'read');
        found.push({ id: r.object_id, type, ...info });
      } catch (e) {
        if (!isNotFound(e)) throw e;
      }
    }
    const tags = new Map<ObjectTypeName, Map<number, TagRef[]>>();
    for (const type of Object.keys(OBJECT_TYPES) as ObjectTypeName[])
      tags.set(
        type,
        await customTagsOf(
          this.ctx.store.db,
          type,
          found.filter((f) => f.type === type).map((f) => f.id),
        ),
      );
    const users = await usersById(
      this.ctx.store.db,
      found.flatMap((f) => [f.created_by, ...f.ownerIds]),
    );
    return found
      .sort((a, b) => (a.changed_on < b.changed_on ? 1 : a.changed_on > b.changed_on ? -1 : a.id - b.id))
      .map(({ ownerIds, ...f }) => ({
        ...f,
        creator: fullName(userRef(users, f.created_by)),
        owners: ownerIds.map((id) => users.get(id)).filter((u): u is UserRef => u !== undefined),
        tags: tags.get(f.type)?.get(f.id) ?? [],
      }));
  }

  /**
   * The object when the user may read it (`read`) or edit it (`edit`): 404 when it is missing or
   * hidden, 403 when it is visible but not the user's to edit.
   */
  private async objectInfo(user: Principal, type: ObjectTypeName, id: number, mode: 'read' | 'edit'): Promise<ObjectInfo> {
    const db = this.ctx.store.db;
    switch (type) {
      case 'chart': {
        const { row, ownerIds } = mode === 'edit' ? await editableChart(this.ctx, user, id) : await visibleChart(this.ctx, user, id);
        return {
          name: row.slice_name,
          url: `/explore/?slice_id=${row.id}`,
          changed_on: row.changed_on,
          created_by: row.created_by_fk,
          ownerIds,
        };
      }
      case 'dashboard': {
        const service = new DashboardService(this.ctx);
        const { row, ownerIds } = mode === 'edit' ? await service.editable(user, id) : await service.visible(user, id);
        return { name: row.dashboard_title, url: dashboardPath(row), changed_on: row.changed_on, created_by: row.created_by_fk, ownerIds };
      }
      case 'dataset': {
        const service = new DatasetService(this.ctx);
        const { row } = mode === 'edit' ? await service.editable(user, id) : await service.visible(user, id);
        const ownerIds = await ownersOf(this.ctx.store.db, 'dataset', row.id);
        return {
          name: row.table_name,
          url: `/explore/?datasource_type=table&datasource_id=${row.id}`,
          changed_on: row.changed_on,
          created_by: row.created_by_fk,
          ownerIds,
        };
      }
      case 'query': {
        // a saved query is its author's alone (admins see all): others get the same 404
        const row = await savedQueryForTag(db, id, user.isAdmin ? null : user.id);
        if (!row) throw notFound('Saved query not found.');
        return {
          name: row.label,
          url: `/sqllab/?savedQueryId=${row.id}`,
          changed_on: row.changed_on,
          created_by: row.created_by_fk,
          ownerIds: row.user_id === null ? [] : [row.user_id],
        };
      }
    }
  }
}
