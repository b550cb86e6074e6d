import { createServer, type AddressInfo, type Server } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { storedUri } from '../execution/connections.js';

const PG_URL = process.env.RAMA_TEST_PG_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const MYSQL_URL = process.env.RAMA_TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test';

let server: TestServer;
let admin: Client;
const schema = `rama_browse_${process.pid}`;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await c.query(`CREATE SCHEMA ${schema}`);
  await c.query(`CREATE TABLE ${schema}.customers (id serial PRIMARY KEY, name text NOT NULL, signed_up date)`);
  await c.query(
    `CREATE TABLE ${schema}.orders (id bigint PRIMARY KEY, customer_id int REFERENCES ${schema}.customers(id), amount numeric(10,2), at timestamptz)`,
  );
  await c.query(`CREATE INDEX orders_at_idx ON ${schema}.orders (at)`);
  await c.query(`CREATE VIEW ${schema}.big_orders AS SELECT * FROM ${schema}.orders WHERE amount > 100`);
  await c.end();
});

afterAll(async () => {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await c.end();
  await server?.close();
});

type Db = { id: number; result: Record<string, unknown> };

describe('examples database', () => {
  it('is listed, read-only, and browsable', async () => {
    const list = await admin.get<{ count: number; result: { database_name: string; backend: string }[] }>('/api/v1/database/');
    expect(list.status).toBe(200);
    expect(list.body.result).toContainEqual(expect.objectContaining({ database_name: 'examples', backend: 'duckdb' }));
    const id = server.examplesId!;
    const schemas = await admin.get<{ result: string[] }>(`/api/v1/database/${id}/schemas/?q=(force:!f)`);
    expect(schemas.body.result).toContain('main');
    const tables = await admin.get<{ count: number; result: { value: string; type: string }[] }>(
      `/api/v1/database/${id}/tables/?q=(force:!f,schema_name:main)`,
    );
    expect(tables.status).toBe(200);
    expect(tables.body.result.map((t) => t.value)).toEqual(expect.arrayContaining(['flights', 'airports', 'stocks']));
    expect(tables.body.count).toBe(tables.body.result.length);
    const meta = await admin.get<{ name: string; columns: { name: string; type: string }[]; selectStar: string }>(
      `/api/v1/database/${id}/table_metadata/?name=stocks&schema=main`,
    );
    expect(meta.status).toBe(200);
    expect(meta.body.columns).toContainEqual(expect.objectContaining({ name: 'date', type: 'DATE' }));
    expect(meta.body.selectStar).toMatch(/FROM/i);
  });

  it('a file URI is refused for user databases unless enabled', async () => {
    const r = await admin.post('/api/v1/database/', { database_name: 'mine', sqlalchemy_uri: 'duckdb:////tmp/whatever.duckdb' });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toMatch(/file-based databases cannot be used as a data source/);
    const s = await admin.post('/api/v1/database/', { database_name: 'lite', sqlalchemy_uri: 'sqlite:////tmp/x.db' });
    expect(s.status).toBe(400);
  });
});

describe('database CRUD', () => {
  let id: number;

  it('creates a PostgreSQL database with its password stored encrypted and never returned', async () => {
    const uri = PG_URL.replace('postgres@', 'postgres:s3cret-pass@');
    const r = await admin.post<Db>('/api/v1/database/', {
      database_name: `pg test ${process.pid}`,
      sqlalchemy_uri: uri,
      allow_run_async: true,
    });
    expect(r.status).toBe(201);
    id = r.body.id;
    expect(r.body.result.sqlalchemy_uri).toMatch(/postgres:XXXXXXXXXX@/);
    expect(JSON.stringify(r.body)).not.toContain('s3cret-pass');
    const got = await admin.get<Db>(`/api/v1/database/${id}`);
    expect(got.body.result.sqlalchemy_uri).not.toContain('s3cret-pass');
    expect(got.body.result.allow_run_async).toBe(true);
    expect(got.body.result.allow_dml).toBe(false);
    const row = await server.ctx.store.db.selectFrom('dbs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.sqlalchemy_uri).not.toContain('s3cret-pass');
    expect(row.password_encrypted).toBeTruthy();
    expect(row.password_encrypted).not.toContain('s3cret-pass');
  });

  it('keeps the stored password when the masked URI is sent back', async () => {
    const got = await admin.get<Db>(`/api/v1/database/${id}`);
    const r = await admin.put<Db>(`/api/v1/database/${id}`, { sqlalchemy_uri: got.body.result.sqlalchemy_uri, allow_dml: true });
    expect(r.status).toBe(200);
    const row = await server.ctx.store.db.selectFrom('dbs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.password_encrypted).toBeTruthy();
    expect(r.body.result.allow_dml).toBe(true);
  });

  it('browses schemas, tables, views, columns, keys and indexes', async () => {
    const schemas = await admin.get<{ result: string[] }>(`/api/v1/database/${id}/schemas/`);
    expect(schemas.body.result).toEqual(expect.arrayContaining(['public', schema]));
    const tables = await admin.get<{ count: number; result: { value: string; type: string }[] }>(
      `/api/v1/database/${id}/tables/?q=(schema_name:${schema})`,
    );
    expect(tables.body.result).toEqual([
      { value: 'big_orders', type: 'view', extra: null },
      { value: 'customers', type: 'table', extra: null },
      { value: 'orders', type: 'table', extra: null },
    ]);
    const meta = await admin.get<{
      columns: { name: string; type: string; keys: { type: string }[] }[];
      primaryKey: { constrained_columns: string[] };
      foreignKeys: { referred_table: string; constrained_columns: string[] }[];
      indexes: { name: string; column_names: string[] }[];
    }>(`/api/v1/database/${id}/table_metadata/?name=orders&schema=${schema}`);
    expect(meta.status).toBe(200);
    expect(meta.body.columns.map((c) => c.name)).toEqual(['id', 'customer_id', 'amount', 'at']);
    expect(meta.body.primaryKey.constrained_columns).toEqual(['id']);
    expect(meta.body.foreignKeys).toContainEqual(
      expect.objectContaining({ referred_table: 'customers', constrained_columns: ['customer_id'] }),
    );
    expect(meta.body.indexes).toContainEqual(expect.objectContaining({ name: 'orders_at_idx', column_names: ['at'] }));
    expect(meta.body.columns[0].keys.map((k) => k.type)).toContain('pk');
    const extra = await admin.get(`/api/v1/database/${id}/table_metadata/extra/?name=orders&schema=${schema}`);
    expect(extra.status).toBe(200);
    // a view's extra metadata carries its definition (the table card shows it)
    const view = await admin.get<{ view_definition: string }>(
      `/api/v1/database/${id}/table_metadata/extra/?name=big_orders&schema=${schema}`,
    );
    expect(view.status).toBe(200);
    expect(view.body.view_definition).toMatch(/SELECT[\s\S]*FROM[\s\S]*orders/i);
    const missing = await admin.get(`/api/v1/database/${id}/table_metadata/?name=no_such_table&schema=${schema}`);
    expect(missing.status).toBe(404);
    expect(JSON.stringify(missing.body)).not.toMatch(/at .*\.js/);
  });

  it('metadata is cached and force refreshes it', async () => {
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    await c.query(`CREATE TABLE ${schema}.late_table (x int)`);
    await c.end();
    const cached = await admin.get<{ result: { value: string }[] }>(`/api/v1/database/${id}/tables/?q=(force:!f,schema_name:${schema})`);
    expect(cached.body.result.map((t) => t.value)).not.toContain('late_table');
    const forced = await admin.get<{ result: { value: string }[] }>(`/api/v1/database/${id}/tables/?q=(force:!t,schema_name:${schema})`);
    expect(forced.body.result.map((t) => t.value)).toContain('late_table');
  });

  it('validates input per field', async () => {
    const missing = await admin.post('/api/v1/database/', { database_name: 'x' });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ message: { sqlalchemy_uri: ['Missing data for required field.'] } });
    const badUri = await admin.post('/api/v1/database/', { database_name: 'x', sqlalchemy_uri: 'not a uri' });
    expect(badUri.status).toBe(400);
    expect(badUri.body).toEqual({ message: { sqlalchemy_uri: [expect.stringMatching(/Invalid connection string/)] } });
    const badExtra = await admin.post('/api/v1/database/', { database_name: 'x', sqlalchemy_uri: PG_URL, extra: '{nope' });
    expect(badExtra.status).toBe(400);
    expect(badExtra.body).toEqual({ message: { extra: [expect.stringMatching(/JSON/)] } });
    const dup = await admin.post('/api/v1/database/', { database_name: 'examples', sqlalchemy_uri: PG_URL });
    expect(dup.body).toEqual({ message: { database_name: ['A database with the same name already exists.'] } });
    const badQ = await admin.get('/api/v1/database/?q=(((');
    expect(badQ.status).toBe(400);
  });

  it('refuses the metadata store itself as a data source', async () => {
    const file = server.ctx.store.file;
    const target = file ? `sqlite:///${file}` : server.ctx.config.metadataUrl;
    const r = await admin.post('/api/v1/database/', { database_name: 'meta', sqlalchemy_uri: target });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toMatch(/metadata store/);
    const enabled = await startTestServer({ RAMA_ALLOW_FILE_URIS: 'true' }, { examples: false });
    try {
      const a = await enabled.admin();
      const f = enabled.ctx.store.file;
      const t = f ? `sqlite:///${f}` : enabled.ctx.config.metadataUrl;
      const r2 = await a.post('/api/v1/database/', { database_name: 'meta', sqlalchemy_uri: t });
      expect(r2.status).toBe(400);
      expect(JSON.stringify(r2.body)).toMatch(/metadata store/);
    } finally {
      await enabled.close();
    }
  });

  it('lists the engines a database can be added on, from their specs (GET /api/v1/database/available/)', async () => {
    type Available = {
      databases: { engine: string; name: string; sqlalchemy_uri_placeholder: string; engine_information: Record<string, unknown> }[];
    };
    const r = await admin.get<Available>('/api/v1/database/available/');
    expect(r.status, r.text).toBe(200);
    const names = r.body.databases.map((d) => d.name);
    expect(names).toEqual(expect.arrayContaining(['PostgreSQL', 'MySQL', 'MariaDB', 'ClickHouse']));
    // file engines need RAMA_ALLOW_FILE_URIS
    expect(names).not.toContain('DuckDB');
    const pgEngine = r.body.databases.find((d) => d.name === 'PostgreSQL');
    expect(pgEngine).toMatchObject({
      engine: 'postgresql',
      sqlalchemy_uri_placeholder: 'postgresql://user:password@host:5432/database',
      engine_information: { supports_file_upload: true, disable_ssh_tunneling: true },
    });
    const enabled = await startTestServer({ RAMA_ALLOW_FILE_URIS: 'true' }, { examples: false });
    try {
      const all = await (await enabled.admin()).get<Available>('/api/v1/database/available/');
      expect(all.body.databases.map((d) => d.name)).toEqual(expect.arrayContaining(['DuckDB', 'SQLite']));
    } finally {
      await enabled.close();
    }
    expect((await server.client().get('/api/v1/database/available/')).status).toBe(401);
  });

  it('lists with rison filters, ordering and paging', async () => {
    const r = await admin.get<{ count: number; result: { database_name: string }[] }>(
      `/api/v1/database/?q=(filters:!((col:database_name,opr:ct,value:'pg test')),order_column:database_name,order_direction:asc,page:0,page_size:10)`,
    );
    expect(r.status).toBe(200);
    expect(r.body.count).toBe(1);
    expect(r.body.result[0].database_name).toBe(`pg test ${process.pid}`);
  });

  it('deletes, then the id is unknown', async () => {
    expect((await admin.delete(`/api/v1/database/${id}`)).status).toBe(200);
    expect((await admin.get(`/api/v1/database/${id}`)).status).toBe(404);
    expect((await admin.delete(`/api/v1/database/${id}`)).status).toBe(404);
  });
});

describe('test_connection', () => {
  it('succeeds for PostgreSQL and MariaDB', async () => {
    expect((await admin.post('/api/v1/database/test_connection/', { sqlalchemy_uri: PG_URL })).body).toEqual({ message: 'OK' });
    expect((await admin.post('/api/v1/database/test_connection/', { sqlalchemy_uri: MYSQL_URL })).body).toEqual({ message: 'OK' });
  });

  it('fails with a typed error and no internals', async () => {
    const r = await admin.post<{ errors: { message: string; error_type: string }[] }>('/api/v1/database/test_connection/', {
      sqlalchemy_uri: 'postgresql://postgres@127.0.0.1:1/test',
    });
    expect(r.status).toBe(422);
    expect(r.body.errors[0].error_type).toBe('CONNECTION_PORT_CLOSED_ERROR');
    expect(JSON.stringify(r.body)).not.toMatch(/node_modules|\.js:\d+/);
    const db = await admin.post<{ errors: { error_type: string }[] }>('/api/v1/database/test_connection/', {
      sqlalchemy_uri: PG_URL.replace(/\/[^/]*$/, '/no_such_database_here'),
    });
    expect(db.status).toBe(422);
    expect(db.body.errors[0].error_type).toBe('CONNECTION_UNKNOWN_DATABASE_ERROR');
  });
});

describe('permissions', () => {
  it('a Gamma user cannot manage databases and sees only databases granted to them', async () => {
    const roles = await admin.get<{ result: { id: number; name: string }[] }>('/api/v1/security/roles/');
    const gammaId = roles.body.result.find((r) => r.name === 'Gamma')!.id;
    await admin.post('/api/v1/security/users/', {
      username: 'gus',
      first_name: 'Gus',
      last_name: 'G',
      email: 'gus@example.com',
      password: 'gus-password-1',
      roles: [gammaId],
    });
    const gus = server.client();
    await gus.login('gus', 'gus-password-1');
    const list = await gus.get<{ count: number }>('/api/v1/database/');
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(0);
    const examples = server.examplesId!;
    // forbidden and missing answer the same
    const hidden = await gus.get(`/api/v1/database/${examples}`);
    const missing = await gus.get('/api/v1/database/987654');
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual(missing.body);
    expect((await gus.get(`/api/v1/database/${examples}/schemas/`)).status).toBe(404);
    const create = await gus.post('/api/v1/database/', { database_name: 'gus db', sqlalchemy_uri: PG_URL });
    expect(create.status).toBe(403);
    expect(create.body).toEqual({ message: 'You do not have permission to edit this database' });
  });
});

describe('a stored password is never sent to a new host', () => {
  const REENTER = { message: { sqlalchemy_uri: ['The password must be entered again when the host, port, database or driver changes.'] } };
  const name = `pg secret ${process.pid}`;
  /** the saved URI as the server has it, password and all */
  const stored = async (dbId: number) => {
    const row = await server.ctx.store.db.selectFrom('dbs').selectAll().where('id', '=', dbId).executeTakeFirstOrThrow();
    return storedUri(server.ctx.config.secretKey, row);
  };
  const pgUrl = new URL(PG_URL);
  const pgHost = pgUrl.hostname;
  const otherName = pgHost === '127.0.0.1' ? 'localhost' : '127.0.0.1';
  const at = (host: string, port: string | number, database = pgUrl.pathname.slice(1), scheme = 'postgresql') =>
    `${scheme}://postgres:XXXXXXXXXX@${host}:${port}/${database}`;
  let id: number;
  /** a listener on a random port that records every connection and every byte it is sent */
  let trap: Server;
  let trapPort: number;
  const received: { connections: number; bytes: Buffer[] } = { connections: 0, bytes: [] };

  beforeAll(async () => {
    const saved = `postgresql://postgres:s3cret-pass@${pgHost}:${pgUrl.port || 5432}${pgUrl.pathname}`;
    const r = await admin.post<Db>('/api/v1/database/', { database_name: name, sqlalchemy_uri: saved });
    expect(r.status).toBe(201);
    id = r.body.id;
    trap = createServer((socket) => {
      received.connections += 1;
      socket.on('data', (chunk) => {
        received.bytes.push(chunk);
        socket.destroy(); // not a PostgreSQL server: the client fails at once instead of timing out
      });
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => trap.listen(0, '127.0.0.1', resolve));
    trapPort = (trap.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await admin.delete(`/api/v1/database/${id}`);
    await new Promise((resolve) => trap.close(resolve));
  });

  it('changing the host with the masked password is refused, and nothing is saved or connected', async () => {
    const masked = at(otherName, pgUrl.port || 5432);
    const put = await admin.put(`/api/v1/database/${id}`, { sqlalchemy_uri: masked });
    expect(put.status).toBe(422);
    expect(put.body).toEqual(REENTER);
    expect((await stored(id)).host).toBe(pgHost);
    expect((await stored(id)).password).toBe('s3cret-pass');
    // PostgreSQL here trusts local connections: had it connected, the test would have answered OK
    const test = await admin.post('/api/v1/database/test_connection/', { sqlalchemy_uri: masked, database_name: name });
    expect(test.status).toBe(422);
    expect(test.body).toEqual(REENTER);
  });

  it('changing the port, the database or the driver needs the password again too', async () => {
    const port = Number(pgUrl.port || 5432);
    for (const uri of [
      at(pgHost, port + 1),
      at(pgHost, port, 'postgres'),
      at(pgHost, port, undefined, 'mysql'),
      at(pgHost, port, undefined, 'postgresql+psycopg2'),
    ]) {
      const put = await admin.put(`/api/v1/database/${id}`, { sqlalchemy_uri: uri });
      expect(put.status, uri).toBe(422);
      expect(put.body).toEqual(REENTER);
      const test = await admin.post('/api/v1/database/test_connection/', { sqlalchemy_uri: uri, database_name: name });
      expect(test.status, uri).toBe(422);
      expect(test.body).toEqual(REENTER);
    }
  });

  it('the masked URI pointing at another server sends it nothing at all', async () => {
    const masked = at('127.0.0.1', trapPort);
    const put = await admin.put(`/api/v1/database/${id}`, { sqlalchemy_uri: masked });
    expect(put.status).toBe(422);
    expect(put.body).toEqual(REENTER);
    const test = await admin.post('/api/v1/database/test_connection/', { sqlalchemy_uri: masked, database_name: name });
    expect(test.status).toBe(422);
    expect(test.body).toEqual(REENTER);
    // the mask with no saved database behind it is refused, never sent as a password
    const unsaved = await admin.post('/api/v1/database/test_connection/', { sqlalchemy_uri: masked });
    expect(unsaved.status).toBe(422);
    expect(unsaved.body).toEqual(REENTER);
    const create = await admin.post('/api/v1/database/', { database_name: `trap ${process.pid}`, sqlalchemy_uri: masked });
    expect(create.status).toBe(422);
    expect(create.body).toEqual(REENTER);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received.connections).toBe(0);
    expect(Buffer.concat(received.bytes).toString('latin1')).not.toContain('s3cret-pass');
  });

  it('a new password typed in full may go to a new host (the control: the trap does record connections)', async () => {
    const typed = `postgresql://postgres:typed-pass@127.0.0.1:${trapPort}/elsewhere`;
    const test = await admin.post('/api/v1/database/test_connection/', { sqlalchemy_uri: typed, database_name: name });
    expect(test.status).toBe(422); // the trap does not speak PostgreSQL
    expect(received.connections).toBeGreaterThan(0);
    expect(Buffer.concat(received.bytes).toString('latin1')).not.toContain('s3cret-pass');
  });

  it('the same host, port, database and driver with the mask keeps the stored password', async () => {
    const got = await admin.get<Db>(`/api/v1/database/${id}`);
    const masked = String(got.body.result.sqlalchemy_uri);
    expect(masked).toContain(`:XXXXXXXXXX@${pgHost}:`);
    const put = await admin.put<Db>(`/api/v1/database/${id}`, { sqlalchemy_uri: masked, allow_dml: true });
    expect(put.status).toBe(200);
    expect((await stored(id)).password).toBe('s3cret-pass');
    const test = await admin.post('/api/v1/database/test_connection/', { sqlalchemy_uri: masked, database_name: name });
    expect(test.body).toEqual({ message: 'OK' });
    expect((await stored(id)).password).toBe('s3cret-pass');
  });
});
