/**
 * Export and import of saved queries: the peer's bundle (metadata.yaml of type SavedQuery, a YAML
 * per query under queries/ and its database's under databases/), round trips new and overwritten,
 * databases matched by uuid, and a user's export or overwrite of another user's query refused.
 */
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { parse, stringify } from 'yaml';
import rison from 'rison';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportResult, SavedQueryRecord } from '@rama/shared';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { databaseGrant, loginAs, type TestUser } from '../test-support/sqllab-fixtures.js';

type Bundle = Record<string, Record<string, unknown>>;
type Item = { id: number; result: SavedQueryRecord };
type ErrorReply = { errors: { message: string; extra: Record<string, unknown> }[] };

let server: TestServer;
let admin: Client;
let alice: TestUser;
let bob: TestUser;
let examples: number;
let examplesUuid: string;

const ids = (list: number[]) => `?q=${encodeURIComponent(rison.encode(list))}`;

async function save(c: Client, body: Record<string, unknown>): Promise<number> {
  const r = await c.post<Item>('/api/v1/saved_query/', { db_id: examples, ...body });
  expect(r.status, r.text).toBe(201);
  return r.body.id;
}

async function download(c: Client, path: string): Promise<{ status: number; files: Bundle; raw: Uint8Array; disposition: string }> {
  const cookie = c.cookieHeaderValue;
  const res = await fetch(server.url + path, { headers: { cookie } });
  if (res.status !== 200) return { status: res.status, files: {}, raw: new Uint8Array(), disposition: '' };
  const raw = new Uint8Array(await res.arrayBuffer());
  const entries = unzipSync(raw);
  const root = Object.keys(entries)[0].split('/')[0];
  const files: Bundle = {};
  for (const [name, bytes] of Object.entries(entries))
    files[name.slice(root.length + 1)] = parse(strFromU8(bytes)) as Record<string, unknown>;
  return { status: res.status, files, raw, disposition: res.headers.get('content-disposition') ?? '' };
}

const zipOf = (files: Bundle) =>
  zipSync(Object.fromEntries(Object.entries(files).map(([name, doc]) => [`saved_query_export_test/${name}`, strToU8(stringify(doc))])));

function upload(c: Client, bundle: Uint8Array, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.append('formData', new Blob([bundle as Uint8Array<ArrayBuffer>]), 'bundle.zip');
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return c.postForm<ErrorReply & { message?: string; result?: ImportResult }>('/api/v1/saved_query/import/', form, { csrf: true });
}

const byUuid = async (uuid: string) =>
  server.ctx.store.db.selectFrom('saved_query').selectAll().where('uuid', '=', uuid).executeTakeFirst();

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
  examples = server.examplesId!;
  examplesUuid = (await server.ctx.store.db.selectFrom('dbs').select('uuid').where('id', '=', examples).executeTakeFirstOrThrow()).uuid;
  alice = await loginAs(server, 'sq_alice', ['sql_lab'], [databaseGrant('examples', examples)]);
  bob = await loginAs(server, 'sq_bob', ['sql_lab'], [databaseGrant('examples', examples)]);
});

afterAll(async () => {
  await server?.close();
});

describe('GET /api/v1/saved_query/export/', () => {
  it("answers the peer's bundle: metadata, one YAML per query with its database's uuid, the database once", async () => {
    const a = await save(alice.client, {
      label: 'Delays by carrier',
      sql: 'SELECT carrier, avg(delay) FROM flights GROUP BY 1',
      schema: 'main',
    });
    const b = await save(alice.client, { label: 'Airports', sql: 'SELECT * FROM airports', description: 'all of them' });
    const r = await download(alice.client, `/api/v1/saved_query/export/${ids([a, b])}`);
    expect(r.status).toBe(200);
    expect(r.disposition).toMatch(/^attachment; filename="saved_query_export_\d{8}T\d{6}\.zip"$/);
    expect(r.files['metadata.yaml']).toMatchObject({ version: '1.0.0', type: 'SavedQuery' });
    expect(Object.keys(r.files).sort()).toEqual(
      [
        'metadata.yaml',
        'databases/examples.yaml',
        `queries/examples/main/Delays_by_carrier_${a}.yaml`,
        `queries/examples/Airports_${b}.yaml`,
      ].sort(),
    );
    const rowA = await server.ctx.store.db.selectFrom('saved_query').selectAll().where('id', '=', a).executeTakeFirstOrThrow();
    expect(r.files[`queries/examples/main/Delays_by_carrier_${a}.yaml`]).toEqual({
      catalog: null,
      schema: 'main',
      label: 'Delays by carrier',
      description: '',
      sql: 'SELECT carrier, avg(delay) FROM flights GROUP BY 1',
      uuid: rowA.uuid,
      version: '1.0.0',
      database_uuid: examplesUuid,
    });
    expect(r.files['databases/examples.yaml']).toMatchObject({ database_name: 'examples', uuid: examplesUuid, version: '1.0.0' });
  });

  it("answers 404 for another user's query, as for a missing one; an admin exports anyone's", async () => {
    const mine = await save(alice.client, { label: 'mine', sql: 'SELECT 1' });
    const bobs = await save(bob.client, { label: 'bobs', sql: 'SELECT 2' });
    expect((await download(alice.client, `/api/v1/saved_query/export/${ids([bobs])}`)).status).toBe(404);
    expect((await download(alice.client, `/api/v1/saved_query/export/${ids([mine, bobs])}`)).status).toBe(404);
    expect((await download(alice.client, `/api/v1/saved_query/export/${ids([999_999])}`)).status).toBe(404);
    expect((await download(admin, `/api/v1/saved_query/export/${ids([bobs])}`)).status).toBe(200);
    expect((await alice.client.get(`/api/v1/saved_query/export/?q=${encodeURIComponent('(a:1)')}`)).status).toBe(400);
  });

  it('needs can_export on SavedQuery', async () => {
    const gamma = await loginAs(server, 'sq_gamma', ['Gamma']);
    expect((await gamma.client.get(`/api/v1/saved_query/export/${ids([1])}`)).status).toBe(403);
  });
});

describe('POST /api/v1/saved_query/import/', () => {
  it('round trips a new query: created for the importer on the database of that uuid', async () => {
    const id = await save(alice.client, { label: 'Round trip', sql: 'SELECT 42 AS answer', schema: 'main', description: 'd' });
    const exported = await download(alice.client, `/api/v1/saved_query/export/${ids([id])}`);
    const file = Object.keys(exported.files).find((f) => f.startsWith('queries/')) as string;
    const uuid = String(exported.files[file].uuid);
    // delete it, then import the bundle: it comes back (as bob's when bob imports it)
    expect((await alice.client.delete(`/api/v1/saved_query/${id}`)).status).toBe(200);
    const r = await upload(bob.client, exported.raw);
    expect(r.status, r.text).toBe(200);
    expect(r.body.message).toBe('OK');
    const row = await byUuid(uuid);
    expect(r.body.result).toEqual({
      created: [{ type: 'saved_query', uuid, id: row?.id, name: 'Round trip' }],
      updated: [],
      renamed: [],
      converted: [],
    });
    expect(row).toMatchObject({
      label: 'Round trip',
      sql: 'SELECT 42 AS answer',
      schema: 'main',
      description: 'd',
      db_id: examples,
      user_id: bob.id,
    });
    const listed = await bob.client.get<{ result: SavedQueryRecord[] }>(`/api/v1/saved_query/${row!.id}`);
    expect(listed.status).toBe(200);
  });

  it('refuses an existing query without overwrite and replaces it with overwrite=true', async () => {
    const id = await save(alice.client, { label: 'Before', sql: 'SELECT 1' });
    const exported = await download(alice.client, `/api/v1/saved_query/export/${ids([id])}`);
    const file = Object.keys(exported.files).find((f) => f.startsWith('queries/')) as string;
    const changed = zipOf({ ...exported.files, [file]: { ...exported.files[file], label: 'After', sql: 'SELECT 2' } });
    const refused = await upload(alice.client, changed);
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].message).toBe('Error importing saved_queries');
    expect(refused.body.errors[0].extra[file]).toBe('Saved_Queries already exists and `overwrite=true` was not passed');
    expect((await byUuid(String(exported.files[file].uuid)))?.label).toBe('Before');

    const r = await upload(alice.client, changed, { overwrite: 'true' });
    expect(r.status, r.text).toBe(200);
    const row = await byUuid(String(exported.files[file].uuid));
    expect(row).toMatchObject({ id, label: 'After', sql: 'SELECT 2', user_id: alice.id });
  });

  it("refuses to overwrite another user's query, with or without overwrite", async () => {
    const bobs = await save(bob.client, { label: 'Bob private', sql: 'SELECT 7' });
    const exported = await download(bob.client, `/api/v1/saved_query/export/${ids([bobs])}`);
    const file = Object.keys(exported.files).find((f) => f.startsWith('queries/')) as string;
    for (const fields of [{}, { overwrite: 'true' }] as Record<string, string>[]) {
      const r = await upload(alice.client, exported.raw, fields);
      expect(r.status).toBe(422);
      expect(r.body.errors[0].extra[file]).toBe("A saved query already exists and user doesn't have permissions to overwrite it");
    }
    expect((await byUuid(String(exported.files[file].uuid)))?.user_id).toBe(bob.id);
  });

  it('answers 422 naming the database when its uuid is not here, and writes nothing', async () => {
    const missingDb = '0b7c9a52-1111-4222-8333-944455556666';
    const queryUuid = '5f0e3f1a-aaaa-4bbb-8ccc-ddddeeeeffff';
    const bundle = zipOf({
      'metadata.yaml': { version: '1.0.0', type: 'SavedQuery', timestamp: new Date().toISOString() },
      'queries/elsewhere/lost.yaml': { label: 'Lost', sql: 'SELECT 1', uuid: queryUuid, version: '1.0.0', database_uuid: missingDb },
      'databases/elsewhere.yaml': {
        database_name: 'elsewhere',
        sqlalchemy_uri: 'postgresql://u:XXXXXXXXXX@db.example:5432/x',
        uuid: missingDb,
        version: '1.0.0',
      },
    });
    const r = await upload(alice.client, bundle);
    expect(r.status).toBe(422);
    expect(r.body.errors[0].extra['queries/elsewhere/lost.yaml']).toBe(
      `Database ${missingDb} does not exist here: add the database (or import a dataset bundle with it) first, then import the saved query`,
    );
    expect(await byUuid(queryUuid)).toBeUndefined();
  });

  it('never binds a query to a database here by its name: another uuid named "examples" is a missing database', async () => {
    const foreignDb = '0b7c9a52-2222-4222-8333-944455556666';
    const queryUuid = '5f0e3f1a-aaaa-4bbb-8ccc-000000000031';
    const bundle = zipOf({
      'metadata.yaml': { version: '1.0.0', type: 'SavedQuery', timestamp: new Date().toISOString() },
      'queries/examples/q.yaml': { label: 'Q', sql: 'SELECT 1', uuid: queryUuid, version: '1.0.0', database_uuid: foreignDb },
      'databases/examples.yaml': {
        database_name: 'examples',
        sqlalchemy_uri: 'postgresql://u:XXXXXXXXXX@db.example:5432/examples',
        uuid: foreignDb,
        version: '1.0.0',
      },
    });
    const r = await upload(alice.client, bundle);
    expect(r.status).toBe(422);
    expect(r.body.errors[0].extra['queries/examples/q.yaml']).toContain(`Database ${foreignDb} does not exist here`);
    expect(await byUuid(queryUuid)).toBeUndefined();
  });

  it('answers 422 for a database the user may not use, as for a missing one', async () => {
    const carol = await loginAs(server, 'sq_carol', ['sql_lab']);
    const bundle = zipOf({
      'metadata.yaml': { version: '1.0.0', type: 'SavedQuery' },
      'queries/examples/q.yaml': {
        label: 'x',
        sql: 'SELECT 1',
        uuid: '6a0e3f1a-aaaa-4bbb-8ccc-ddddeeeeffff',
        version: '1.0.0',
        database_uuid: examplesUuid,
      },
    });
    const r = await upload(carol.client, bundle);
    expect(r.status).toBe(422);
    expect(r.body.errors[0].extra['queries/examples/q.yaml']).toMatch(/^Database .* does not exist here/);
  });

  it('reports field problems per file, refuses a bundle of another type, and needs can_write on SavedQuery', async () => {
    const bad = zipOf({
      'metadata.yaml': { version: '1.0.0', type: 'SavedQuery' },
      'queries/x/bad.yaml': { label: 'x'.repeat(300), uuid: 'not-a-uuid', version: '1.0.0', database_uuid: examplesUuid },
    });
    const r = await upload(alice.client, bad);
    expect(r.status).toBe(422);
    expect(r.body.errors[0].extra['queries/x/bad.yaml']).toEqual({
      sql: ['Missing data for required field.'],
      uuid: ['Not a valid UUID.'],
      label: ['Length must be between 0 and 256.'],
    });
    const chartBundle = zipOf({ 'metadata.yaml': { version: '1.0.0', type: 'Slice' } });
    const wrongType = await upload(alice.client, chartBundle);
    expect(wrongType.status).toBe(422);
    expect(wrongType.body.errors[0].extra['metadata.yaml']).toEqual({ type: ['Must be equal to SavedQuery.'] });
    const gamma = await loginAs(server, 'sq_gamma2', ['Gamma']);
    expect((await upload(gamma.client, bad)).status).toBe(403);
  });
});
