import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { parse, stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatasetDetail, ImportResult } from '@rama/shared';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { loggedInUser } from '../test-support/users.js';

let server: TestServer;
let admin: Client;
let examples: number;
let alice: { client: Client; id: number };
let bob: { client: Client; id: number };
let gary: { client: Client; id: number };

type Detail = { id: number; result: DatasetDetail };
type Bundle = Record<string, Record<string, unknown>>;

const detail = async (c: Client, id: number) => (await c.get<Detail>(`/api/v1/dataset/${id}`)).body.result;

/** GET the export as raw bytes, with its headers. */
async function download(c: Client, path: string): Promise<{ status: number; headers: Headers; files: Bundle; root: string }> {
  const cookie = (c as unknown as { cookieHeader(): string }).cookieHeader();
  const res = await fetch(server.url + path, { headers: { cookie } });
  if (res.status !== 200) return { status: res.status, headers: res.headers, files: {}, root: '' };
  const entries = unzipSync(new Uint8Array(await res.arrayBuffer()));
  const names = Object.keys(entries);
  const root = names[0].split('/')[0];
  const files: Bundle = {};
  for (const [name, bytes] of Object.entries(entries))
    files[name.slice(root.length + 1)] = parse(strFromU8(bytes)) as Record<string, unknown>;
  return { status: res.status, headers: res.headers, files, root };
}

const zipOf = (files: Bundle, root = 'dataset_export_test') =>
  zipSync(Object.fromEntries(Object.entries(files).map(([name, doc]) => [`${root}/${name}`, strToU8(stringify(doc))])));

function importForm(bundle: Uint8Array, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  form.append('formData', new Blob([bundle as Uint8Array<ArrayBuffer>]), 'bundle.zip');
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return form;
}
const upload = (c: Client, bundle: Uint8Array, fields: Record<string, string> = {}) =>
  c.postForm<Record<string, unknown>>('/api/v1/dataset/import/', importForm(bundle, fields), { csrf: true });

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
  if (server.examplesId === null) throw new Error('the examples database is needed');
  examples = server.examplesId;
  alice = await loggedInUser(server, admin, 'alice', ['Alpha']);
  bob = await loggedInUser(server, admin, 'bob', ['Alpha']);
  gary = await loggedInUser(server, admin, 'gary', ['Gamma']);
});

afterAll(async () => {
  await server?.close();
});

describe('export and import', () => {
  let stocks: number;
  let virtual: number;
  let exported: Bundle;
  let stocksFile: string;

  beforeAll(async () => {
    stocks = (await alice.client.post<{ id: number }>('/api/v1/dataset/', { database: examples, schema: 'main', table_name: 'stocks' }))
      .body.id;
    virtual = (
      await alice.client.post<{ id: number }>('/api/v1/dataset/', {
        database: examples,
        schema: 'main',
        table_name: 'Expensive Stocks',
        sql: 'SELECT symbol, date, price FROM stocks WHERE price > {{ min_price }}',
        template_params: '{"min_price": 100}',
      })
    ).body.id;
    const ds = await detail(alice.client, virtual);
    await alice.client.put(`/api/v1/dataset/${virtual}`, {
      extra: '{"certification": {"certified_by": "Data team"}}',
      columns: ds.columns.map((c) => ({
        id: c.id,
        column_name: c.column_name,
        verbose_name: c.column_name === 'price' ? 'Price (USD)' : null,
      })),
      metrics: [
        ...ds.metrics.map((m) => ({ id: m.id, metric_name: m.metric_name, expression: m.expression })),
        { metric_name: 'avg_price', expression: 'AVG(price)', currency: { symbol: 'USD', symbolPosition: 'prefix' } },
      ],
    });
  });

  it('exports a zip of YAML files in the BI server layout, the download token set as a cookie', async () => {
    const r = await download(alice.client, `/api/v1/dataset/export/?q=!(${stocks},${virtual})&token=abc123`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/zip');
    expect(r.headers.get('content-disposition')).toMatch(/^attachment; filename="dataset_export_\d{8}T\d{6}\.zip"$/);
    expect(r.root).toMatch(/^dataset_export_\d{8}T\d{6}$/);
    // the server names the cookie (issue 24): a token never names another cookie
    expect(r.headers.getSetCookie().some((c) => c.startsWith('rama_dl_abc123=done'))).toBe(true);
    exported = r.files;
    stocksFile = `datasets/examples/stocks_${stocks}.yaml`;
    expect(Object.keys(exported).sort()).toEqual(
      ['metadata.yaml', 'databases/examples.yaml', stocksFile, `datasets/examples/Expensive_Stocks_${virtual}.yaml`].sort(),
    );
    expect(exported['metadata.yaml']).toMatchObject({ version: '1.0.0', type: 'SqlaTable' });
    const database = exported['databases/examples.yaml'];
    expect(database).toMatchObject({ database_name: 'examples', version: '1.0.0', expose_in_sqllab: true, allow_dml: false });
    // the DuckDB file's path is the server's business: masked as a password is (issue 24)
    expect(database.sqlalchemy_uri).toBe('duckdb:///XXXXXXXXXX');
    const full = await detail(alice.client, virtual);
    const v = exported[`datasets/examples/Expensive_Stocks_${virtual}.yaml`];
    expect(v).toMatchObject({
      table_name: 'Expensive Stocks',
      schema: 'main',
      sql: 'SELECT symbol, date, price FROM stocks WHERE price > {{ min_price }}',
      template_params: { min_price: 100 },
      extra: { certification: { certified_by: 'Data team' } },
      uuid: full.uuid,
      database_uuid: database.uuid,
      version: '1.0.0',
      main_dttm_col: 'date',
    });
    expect(v.metrics).toEqual([
      expect.objectContaining({ metric_name: 'count', expression: 'COUNT(*)', uuid: full.metrics[0].uuid }),
      expect.objectContaining({ metric_name: 'avg_price', currency: { symbol: 'USD', symbolPosition: 'prefix' } }),
    ]);
    expect(v.columns).toEqual(
      full.columns.map((c) =>
        expect.objectContaining({
          column_name: c.column_name,
          type: c.type,
          is_dttm: c.is_dttm,
          verbose_name: c.verbose_name,
          uuid: c.uuid,
        }),
      ),
    );
  });

  it('export needs every dataset visible, and the export permission (Alpha, not Gamma)', async () => {
    expect((await download(gary.client, `/api/v1/dataset/export/?q=!(${stocks})`)).status).toBe(403);
    expect((await download(bob.client, `/api/v1/dataset/export/?q=!(${stocks})`)).status).toBe(200);
    expect((await download(alice.client, `/api/v1/dataset/export/?q=!(${stocks},999999)`)).status).toBe(404);
    expect((await alice.client.get('/api/v1/dataset/export/?q=(x)')).status).toBe(400);
  });

  it('refuses to import over an existing dataset without overwrite, naming the file', async () => {
    const r = await upload(alice.client, zipOf(exported));
    expect(r.status).toBe(422);
    expect(r.body).toEqual({
      errors: [
        {
          message: 'Error importing dataset',
          error_type: 'GENERIC_COMMAND_ERROR',
          level: 'warning',
          extra: {
            [stocksFile]: 'Dataset already exists and `overwrite=true` was not passed',
            [`datasets/examples/Expensive_Stocks_${virtual}.yaml`]: 'Dataset already exists and `overwrite=true` was not passed',
          },
        },
      ],
    });
  });

  it('overwrites with overwrite=true: fields, columns and metrics follow the bundle, ids of kept columns stay', async () => {
    const before = await detail(alice.client, stocks);
    const edited = structuredClone(exported);
    const doc = edited[stocksFile];
    doc.description = 'Imported description';
    doc.metrics = [{ metric_name: 'max_price', expression: 'MAX(price)' }];
    doc.columns = (doc.columns as Record<string, unknown>[]).map((c) =>
      c.column_name === 'symbol' ? { ...c, verbose_name: 'Ticker' } : c,
    );
    const r = await upload(alice.client, zipOf(edited), { overwrite: 'true' });
    expect(r.status).toBe(200);
    // the peer's answer, with what the import did
    expect(r.body).toMatchObject({ message: 'OK', result: { created: [], renamed: [] } });
    expect((r.body as { result: ImportResult }).result.updated).toContainEqual({
      type: 'dataset',
      id: stocks,
      uuid: before.uuid,
      name: 'stocks',
    });
    const after = await detail(alice.client, stocks);
    expect(after.description).toBe('Imported description');
    expect(after.metrics.map((m) => m.metric_name)).toEqual(['max_price']);
    expect(after.columns.find((c) => c.column_name === 'symbol')).toMatchObject({
      verbose_name: 'Ticker',
      id: before.columns.find((c) => c.column_name === 'symbol')?.id,
    });
    // bob may not overwrite alice's dataset
    const byBob = await upload(bob.client, zipOf(edited), { overwrite: 'true' });
    expect(byBob.status).toBe(422);
    expect((byBob.body as { errors: { extra: Record<string, string> }[] }).errors[0].extra[stocksFile]).toBe(
      "A dataset already exists and user doesn't have permissions to overwrite it",
    );
  });

  it('recreates a deleted dataset with its uuid, columns and metrics; the importer owns it', async () => {
    const original = await detail(alice.client, virtual);
    expect((await alice.client.delete(`/api/v1/dataset/${virtual}`)).status).toBe(200);
    const file = `datasets/examples/Expensive_Stocks_${virtual}.yaml`;
    const r = await upload(
      bob.client,
      zipOf({
        'metadata.yaml': exported['metadata.yaml'],
        'databases/examples.yaml': exported['databases/examples.yaml'],
        [file]: exported[file],
      }),
    );
    expect(r.status).toBe(200);
    const list = await bob.client.get<{ ids: number[] }>(`/api/v1/dataset/?q=(filters:!((col:uuid,opr:eq,value:'${original.uuid}')))`);
    expect(list.body.ids).toHaveLength(1);
    const copy = await detail(bob.client, list.body.ids[0]);
    expect(copy).toMatchObject({
      uuid: original.uuid,
      table_name: 'Expensive Stocks',
      sql: original.sql,
      template_params: '{"min_price":100}',
      main_dttm_col: 'date',
      kind: 'virtual',
    });
    expect(copy.owners.map((o) => o.id)).toEqual([bob.id]);
    expect(copy.columns.map((c) => [c.column_name, c.type_generic, c.is_dttm, c.verbose_name, c.uuid])).toEqual(
      original.columns.map((c) => [c.column_name, c.type_generic, c.is_dttm, c.verbose_name, c.uuid]),
    );
    expect(copy.metrics.map((m) => [m.metric_name, m.currency])).toEqual(original.metrics.map((m) => [m.metric_name, m.currency]));
    // the datasource permission exists for the new id
    const perms = await server.ctx.store.db
      .selectFrom('ab_permission_view')
      .select('view_menu')
      .where('view_menu', '=', `[examples].[Expensive Stocks](id:${copy.id})`)
      .execute();
    expect(perms).toHaveLength(1);
  });

  it('a dataset YAML without metrics gets the count metric; without columns, they are read from the source', async () => {
    const uuid = 'f3b5f2d0-1111-4222-8333-444455556666';
    const database = exported['databases/examples.yaml'];
    const bundle = zipOf({
      'metadata.yaml': { version: '1.0.0', type: 'SqlaTable', timestamp: new Date().toISOString() },
      // the examples database here, by its uuid (a name never matches: see import-uuid.api.test.ts)
      'databases/examples.yaml': database,
      'datasets/examples/airports.yaml': {
        table_name: 'airports',
        schema: 'main',
        uuid,
        database_uuid: database.uuid,
        version: '1.0.0',
      },
    });
    const r = await upload(alice.client, bundle);
    expect(r.status).toBe(200);
    const id = (await alice.client.get<{ ids: number[] }>(`/api/v1/dataset/?q=(filters:!((col:uuid,opr:eq,value:'${uuid}')))`)).body.ids[0];
    const ds = await detail(alice.client, id);
    expect(ds.database.id).toBe(examples);
    expect(ds.metrics.map((m) => m.metric_name)).toEqual(['count']);
    expect(ds.columns.map((c) => c.column_name)).toContain('iata');
  });

  it('reports a bundle it cannot use', async () => {
    const notBundle = await upload(alice.client, strToU8('just: text\n'));
    expect(notBundle.status).toBe(422);
    expect(notBundle.body).toMatchObject({ errors: [{ message: 'Could not find a valid command to import file' }] });
    const broken = await upload(
      alice.client,
      zipOf({
        'metadata.yaml': { version: '1.0.0', type: 'SqlaTable' },
        'datasets/x/a.yaml': { table_name: 'a', version: '1.0.0' },
        'datasets/x/b.yaml': {
          table_name: 'b',
          uuid: 'a0000000-0000-4000-8000-000000000001',
          database_uuid: 'a0000000-0000-4000-8000-00000000dddd',
          version: '1.0.0',
        },
      }),
    );
    expect(broken.status).toBe(422);
    expect(broken.body).toMatchObject({
      errors: [
        {
          message: 'Error importing dataset',
          extra: {
            'datasets/x/a.yaml': { uuid: ['Missing data for required field.'], database_uuid: ['Missing data for required field.'] },
            'datasets/x/b.yaml': 'Database does not exist',
          },
        },
      ],
    });
    const wrongType = await upload(alice.client, zipOf({ 'metadata.yaml': { version: '1.0.0', type: 'Slice' } }));
    expect(wrongType.body).toMatchObject({ errors: [{ extra: { 'metadata.yaml': { type: ['Must be equal to SqlaTable.'] } } }] });
    const noFile = await alice.client.postForm('/api/v1/dataset/import/', new FormData(), { csrf: true });
    expect(noFile.status).toBe(400);
  });

  it('needs can_write on Dataset, a CSRF token, and database rights to create a database', async () => {
    expect((await upload(gary.client, zipOf(exported))).status).toBe(403);
    const noCsrf = await alice.client.postForm('/api/v1/dataset/import/', importForm(zipOf(exported)));
    expect(noCsrf.status).toBe(400);
    const newDb = zipOf({
      'metadata.yaml': { version: '1.0.0', type: 'SqlaTable' },
      'databases/other.yaml': {
        database_name: 'other',
        sqlalchemy_uri: 'postgresql://someone:XXXXXXXXXX@127.0.0.1:1/none',
        uuid: 'c0000000-0000-4000-8000-000000000001',
        version: '1.0.0',
      },
      'datasets/other/t.yaml': {
        table_name: 't',
        sql: 'SELECT 1 AS one',
        uuid: 'c0000000-0000-4000-8000-000000000002',
        database_uuid: 'c0000000-0000-4000-8000-000000000001',
        version: '1.0.0',
        columns: [{ column_name: 'one', type: 'INTEGER' }],
      },
    });
    const byAlice = await upload(alice.client, newDb);
    expect(byAlice.body).toMatchObject({
      errors: [{ extra: { 'datasets/other/t.yaml': "Database doesn't exist and user doesn't have permission to create databases" } }],
    });
    const noPassword = await upload(admin, newDb);
    expect(noPassword.body).toMatchObject({
      errors: [{ extra: { 'databases/other.yaml': { _schema: ['Must provide a password for the database'] } } }],
    });
    const ok = await upload(admin, newDb, { passwords: JSON.stringify({ 'databases/other.yaml': 's3cret' }) });
    expect(ok.status).toBe(200);
    const db = await server.ctx.store.db
      .selectFrom('dbs')
      .selectAll()
      .where('uuid', '=', 'c0000000-0000-4000-8000-000000000001')
      .executeTakeFirstOrThrow();
    expect(db.database_name).toBe('other');
    expect(db.sqlalchemy_uri).not.toContain('s3cret');
    expect(db.password_encrypted).not.toBeNull();
    const ds = await server.ctx.store.db.selectFrom('tables').select('table_name').where('database_id', '=', db.id).execute();
    expect(ds).toEqual([{ table_name: 't' }]);
  });
});
