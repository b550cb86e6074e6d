// Imports under attack (issue 31): a bundle is text an ordinary account controls, so what it carries
// goes through the same checks as the API it stands for. A virtual dataset's SQL is checked as when
// the dataset is created by hand; a database's URI as when it is added on the databases page.
import { strToU8, zipSync } from 'fflate';
import { stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { loggedInUser } from '../test-support/users.js';

let server: TestServer;
let admin: Client;
let alice: Client;
let examplesUuid: string;

type Bundle = Record<string, Record<string, unknown>>;
const zipOf = (files: Bundle) =>
  zipSync(Object.fromEntries(Object.entries(files).map(([name, doc]) => [`dataset_export/${name}`, strToU8(stringify(doc))])));
function upload(c: Client, files: Bundle, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.append('formData', new Blob([zipOf(files) as Uint8Array<ArrayBuffer>]), 'bundle.zip');
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return c.postForm<{ errors?: { message: string; extra?: Record<string, unknown> }[] }>('/api/v1/dataset/import/', form, { csrf: true });
}

let n = 0;
/** A bundle of one virtual dataset on the examples database (or on a database the bundle brings). */
function datasetBundle(sql: string, database?: Record<string, unknown>): Bundle {
  n += 1;
  const dbUuid = (database?.uuid as string | undefined) ?? examplesUuid;
  const files: Bundle = {
    'metadata.yaml': { version: '1.0.0', type: 'SqlaTable', timestamp: new Date().toISOString() },
    [`datasets/examples/attack_${n}.yaml`]: {
      table_name: `attack_${n}`,
      schema: 'main',
      sql,
      uuid: `b0000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      database_uuid: dbUuid,
      version: '1.0.0',
      columns: [{ column_name: 'x', type: 'INTEGER' }],
      metrics: [],
    },
  };
  if (database) files[`databases/${String(database.database_name)}.yaml`] = { version: '1.0.0', ...database };
  return files;
}

const datasetNamed = async (name: string) =>
  (await admin.get<{ count: number }>(`/api/v1/dataset/?q=(filters:!((col:table_name,opr:eq,value:'${name}')))`)).body.count;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
  if (server.examplesId === null) throw new Error('the examples database is needed');
  examplesUuid = (await server.ctx.store.db.selectFrom('dbs').select('uuid').where('id', '=', server.examplesId).executeTakeFirstOrThrow())
    .uuid as string;
  alice = (await loggedInUser(server, admin, 'alice', ['Alpha'])).client;
});

afterAll(async () => {
  await server?.close();
});

describe('a dataset bundle under attack', () => {
  it('refuses a virtual dataset whose SQL changes data, naming the file; nothing is stored', async () => {
    for (const sql of ['DELETE FROM stocks', 'DROP TABLE stocks', 'SELECT 1; DELETE FROM stocks']) {
      const res = await upload(alice, datasetBundle(sql));
      expect(res.status, sql).toBe(422);
      const extra = res.body.errors?.[0].extra ?? {};
      expect(Object.keys(extra), sql).toEqual([`datasets/examples/attack_${n}.yaml`]);
      expect(JSON.stringify(extra), JSON.stringify(extra)).toMatch(/SELECT|statement/i);
      expect(await datasetNamed(`attack_${n}`), sql).toBe(0);
    }
    // the stocks table is still there, whole
    const open = await server.ctx.connections.get(server.examplesId as number);
    expect(Number((await open.pool.execute('SELECT COUNT(*) AS n FROM stocks')).rows[0][0])).toBeGreaterThan(0);
  });

  it('imports a plain SELECT as the same dataset created by hand would be', async () => {
    const res = await upload(alice, datasetBundle('SELECT 1 AS x'));
    expect(res.status).toBe(200);
    expect(await datasetNamed(`attack_${n}`)).toBe(1);
  });

  it('refuses a database whose URI opens a file on the server, as the databases page does', async () => {
    const res = await upload(
      admin,
      datasetBundle('SELECT 1 AS x', {
        database_name: 'local_file',
        sqlalchemy_uri: 'sqlite:////etc/passwd',
        uuid: 'c0000000-0000-4000-8000-000000000001',
      }),
    );
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body)).toMatch(/databases\/local_file\.yaml/);
    const dbs = (await admin.get<{ result: { database_name: string }[] }>('/api/v1/database/?q=(page_size:100)')).body.result;
    expect(dbs.map((d) => d.database_name)).not.toContain('local_file');
  });

  it('refuses a database that points at the metadata store itself', async () => {
    const res = await upload(
      admin,
      datasetBundle('SELECT 1 AS x', {
        database_name: 'metadata_copy',
        sqlalchemy_uri: server.ctx.config.metadataUrl.replace(/^sqlite:\/\//, 'sqlite:///'),
        uuid: 'c0000000-0000-4000-8000-000000000002',
      }),
    );
    expect(res.status).toBe(422);
  });
});
