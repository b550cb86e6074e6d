/** The tags repository against a real metadata store (SQLite, or PostgreSQL with RAMA_TEST_METADATA). */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server.js';
import { nowIso } from '../db.js';
import { dashboardIdsWhere } from './dashboards.js';
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
  tagDb,
  tagIdByName,
  tagIdsByNames,
  tagNameTaken,
  taggedObjectRefs,
  taggedWith,
  taggingsOf,
  untagObjects,
  updateTag,
} from './tags.js';
import { userIdByUsername } from './users.js';

describe('metadata repositories: tags', () => {
  let server: TestServer;
  let admin: number;
  const db = () => server.ctx.store.db;
  /** A dashboard made through the API; its id. */
  const dashboard = async (title: string) => {
    const r = await (await server.admin()).post<{ id: number }>('/api/v1/dashboard/', { dashboard_title: title, owners: [] });
    expect(r.status).toBe(201);
    return r.body.id;
  };
  const by = () => ({ userId: admin, now: nowIso() });
  const newTag = (name: string, description: string | null = null) =>
    insertCustomTag(db(), { name, description, now: nowIso(), userId: admin });

  beforeAll(async () => {
    server = await startTestServer({}, { examples: false });
    admin = (await userIdByUsername(db(), 'admin')) as number;
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  });

  it('stores, finds, renames and deletes tags', async () => {
    const red = await newTag('red', 'warm');
    const blue = await newTag('blue');
    expect(await tagById(db(), red)).toMatchObject({ id: red, name: 'red', type: 1, description: 'warm', created_by_fk: admin });
    expect(await tagById(db(), 999_999)).toBeUndefined();
    expect(await tagIdByName(db(), 'blue')).toBe(blue);
    expect(await tagIdByName(db(), 'green')).toBeUndefined();
    expect(await tagNameTaken(db(), 'red', null)).toBe(true);
    expect(await tagNameTaken(db(), 'red', red)).toBe(false);
    expect(await tagNameTaken(db(), 'red', blue)).toBe(true);
    expect((await existingTagIds(db(), [red, blue, 999_999])).sort((a, b) => a - b)).toEqual([red, blue].sort((a, b) => a - b));
    expect((await tagIdsByNames(db(), ['red', 'green'])).sort()).toEqual([red]);

    await updateTag(db(), red, { name: 'crimson', changed_on: nowIso(), changed_by_fk: admin });
    expect(await tagById(db(), red)).toMatchObject({ name: 'crimson', description: 'warm' });
    await updateTag(db(), red, { name: 'crimson', description: null, changed_on: nowIso(), changed_by_fk: admin });
    expect((await tagById(db(), red))?.description).toBeNull();

    await deleteTags(db(), [red]);
    expect(await tagById(db(), red)).toBeUndefined();
    await deleteTagsByName(db(), ['blue']);
    expect(await tagIdByName(db(), 'blue')).toBeUndefined();
  });

  it('lists a page of the tags meeting every condition', async () => {
    const prefix = randomUUID().slice(0, 8);
    for (const n of ['b', 'a', 'c']) await newTag(`${prefix}-${n}`);
    const list = await listTags(
      db(),
      [(eb) => eb('t.name', 'like', `${prefix}%`), (eb) => eb('t.name', '!=', `${prefix}-c`)],
      { ref: 't.name', direction: 'desc' },
      { limit: 1, offset: 0 },
    );
    expect(list.count).toBe(2);
    expect(list.rows.map((r) => r.name)).toEqual([`${prefix}-b`]);
    const everything = await listTags(db(), [], { ref: 't.id', direction: 'asc' }, { limit: 100, offset: 0 });
    expect(everything.count).toBeGreaterThanOrEqual(3);
  });

  it('tags and untags objects, and reads them back', async () => {
    const green = await newTag('green');
    const gold = await newTag('gold');
    await addTaggings(db(), green, [], by());
    await addTaggings(
      db(),
      green,
      [
        { type: 'chart', id: 1 },
        { type: 'dashboard', id: 2 },
      ],
      by(),
    );
    // already tagged: left alone
    await addTaggings(db(), green, [{ type: 'chart', id: 1 }], by());
    await addTaggings(db(), gold, [{ type: 'chart', id: 1 }], by());
    expect(await taggingsOf(db(), green)).toEqual(
      expect.arrayContaining([
        { object_type: 'chart', object_id: 1 },
        { object_type: 'dashboard', object_id: 2 },
      ]),
    );
    expect(await taggingsOf(db(), green)).toHaveLength(2);

    const charts = await customTagsOf(db(), 'chart', [1, 1, 5]);
    expect(charts.get(1)).toEqual([
      { id: gold, name: 'gold', type: 1 },
      { id: green, name: 'green', type: 1 },
    ]);
    expect(charts.has(5)).toBe(false);
    expect((await customTagsOf(db(), 'chart', [])).size).toBe(0);

    expect(await taggedObjectRefs(db(), { tagNames: ['green'] }, 100)).toEqual([
      { object_type: 'chart', object_id: 1 },
      { object_type: 'dashboard', object_id: 2 },
    ]);
    expect(await taggedObjectRefs(db(), { tagIds: [gold, green], types: ['chart'] }, 100)).toEqual([
      { object_type: 'chart', object_id: 1 },
    ]);
    expect(await taggedObjectRefs(db(), { tagNames: ['green'] }, 1)).toHaveLength(1);

    expect(await removeTagging(db(), green, 'dashboard', 2)).toBe(1);
    expect(await removeTagging(db(), green, 'dashboard', 2)).toBe(0);
    await untagObjects(db(), 'chart', [1]);
    await untagObjects(db(), 'chart', []);
    expect((await customTagsOf(db(), 'chart', [1])).size).toBe(0);

    await addTaggings(db(), green, [{ type: 'query', id: 3 }], by());
    await removeTaggings(db(), green);
    expect(await taggingsOf(db(), green)).toEqual([]);
    expect(await tagDb(db()).selectFrom('tag').select('name').where('id', '=', green).executeTakeFirst()).toEqual({ name: 'green' });
  });

  it('matches objects tagged with a name or a tag id in a list condition', async () => {
    const [tagged, plain] = [await dashboard('Tagged'), await dashboard('Plain')];
    const finance = await newTag('Finance team');
    await addTaggings(db(), finance, [{ type: 'dashboard', id: tagged }], by());
    const ids = [tagged, plain];
    expect(await dashboardIdsWhere(db(), ids, () => taggedWith('dashboard', 'd.id', { name: 'finance' }))).toEqual([tagged]);
    expect(await dashboardIdsWhere(db(), ids, () => taggedWith('dashboard', 'd.id', { id: finance }))).toEqual([tagged]);
    expect(await dashboardIdsWhere(db(), ids, () => taggedWith('chart', 'd.id', { id: finance }))).toEqual([]);
  });

  it("reads a saved query, only its author's when one is named", async () => {
    const now = nowIso();
    const { id } = await db()
      .insertInto('saved_query')
      .values({
        uuid: randomUUID(),
        user_id: admin,
        db_id: null,
        catalog: null,
        schema: null,
        label: 'Mine',
        description: '',
        sql: 'select 1',
        template_parameters: null,
        extra_json: '{}',
        rows: null,
        last_run: null,
        created_on: now,
        changed_on: now,
        created_by_fk: admin,
        changed_by_fk: admin,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await savedQueryForTag(db(), id, null)).toMatchObject({ id, label: 'Mine' });
    expect(await savedQueryForTag(db(), id, admin)).toMatchObject({ id });
    expect(await savedQueryForTag(db(), id, admin + 1000)).toBeUndefined();
    expect(await savedQueryForTag(db(), 999_999, null)).toBeUndefined();
  });
});
