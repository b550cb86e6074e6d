/** Users with chosen roles and stored query rows, for the SQL Lab API tests. */
import type { QueryTable, Row } from '../metadata/schema.js';
import { nowIso } from '../metadata/db.js';
import { userIdByUsername } from '../metadata/repos/users.js';
import type { PermissionPair } from '../security/permissions.js';
import { databasePermView } from '../security/permissions.js';
import { createUser, grantToRole } from '../accounts/users.js';
import { startTestServer, type Client, type TestServer } from './server.js';
import { databaseRow } from './metadata-rows.js';
import { storeGammaUser } from './users.js';

export interface TestUser {
  id: number;
  username: string;
  client: Client;
}

/**
 * Create a user with built-in roles plus a personal role holding `grants`, and log them in
 * through the session (cookie + CSRF) like the web app.
 */
export async function loginAs(server: TestServer, username: string, roles: string[], grants: PermissionPair[] = []): Promise<TestUser> {
  const db = server.ctx.store.db;
  const roleIds: number[] = [];
  for (const name of roles)
    roleIds.push((await db.selectFrom('ab_role').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id);
  if (grants.length) {
    const own = `${username}_grants`;
    roleIds.push((await db.insertInto('ab_role').values({ name: own }).returning('id').executeTakeFirstOrThrow()).id);
    for (const g of grants) await grantToRole(db, own, g);
  }
  const password = `${username}-password-1`;
  const user = await createUser(db, {
    username,
    first_name: username,
    last_name: 'Tester',
    email: `${username}@example.com`,
    password,
    roles: roleIds,
  });
  const client = server.client();
  const r = await client.login(username, password);
  if (r.status !== 200) throw new Error(`login of ${username} failed: ${r.status}`);
  return { id: user.id, username, client };
}

/** The grant that lets a user use one database. */
export const databaseGrant = (name: string, id: number): PermissionPair => ['database_access', databasePermView(name, id)];

/** Register a database record straight in the metadata store (nothing connects to it). */
export async function insertDatabase(server: TestServer, name: string, opts: { exposeInSqlLab?: boolean } = {}): Promise<number> {
  const row = await server.ctx.store.db
    .insertInto('dbs')
    .values(
      databaseRow(name, {
        sqlalchemy_uri: 'postgresql://someone@db.invalid:5432/other',
        expose_in_sqllab: opts.exposeInSqlLab === false ? 0 : 1,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Where the SQL Lab repositories' tests start: a server without examples, and ids in its store. */
export interface SqlLabStore {
  server: TestServer;
  adminId: number;
  /** A Gamma user named ann. */
  ann: number;
  /** A database record named as asked. */
  dbId: number;
}

/** Starts a server without examples holding a Gamma user `ann` and a database record named `databaseName`. */
export async function startSqlLabStore(databaseName: string): Promise<SqlLabStore> {
  const server = await startTestServer({}, { examples: false });
  const adminId = (await userIdByUsername(server.ctx.store.db, 'admin')) as number;
  return { server, adminId, ann: await storeGammaUser(server, 'ann'), dbId: await insertDatabase(server, databaseName) };
}

let counter = 0;
/** A finished query row as the execute endpoint would leave it; returns its client id. */
export async function insertQuery(
  server: TestServer,
  values: { database_id: number; user_id: number; sql_editor_id?: string | null; sql?: string; changed_on?: string },
): Promise<Row<QueryTable>> {
  counter += 1;
  const clientId = `q${String(Date.now()).slice(-6)}${String(counter).padStart(4, '0')}`.slice(0, 11);
  return server.ctx.store.db
    .insertInto('query')
    .values({
      client_id: clientId,
      database_id: values.database_id,
      user_id: values.user_id,
      status: 'success',
      tab_name: 'Untitled Query 1',
      sql_editor_id: values.sql_editor_id ?? null,
      catalog: null,
      schema: 'main',
      sql: values.sql ?? 'SELECT 1',
      executed_sql: 'SELECT 1 LIMIT 1001',
      template_params: null,
      limit: 1000,
      limiting_factor: 'NOT_LIMITED',
      select_as_cta: 0,
      ctas_method: 'TABLE',
      tmp_table_name: null,
      tmp_schema_name: null,
      run_async: 0,
      progress: 100,
      rows: 1,
      error_message: null,
      error_type: null,
      results_key: null,
      start_time: Date.now() - 50,
      start_running_time: Date.now() - 40,
      end_time: Date.now(),
      extra_json: '{}',
      worker_id: null,
      lease_until: null,
      changed_on: values.changed_on ?? nowIso(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A form post as the web client sends it to /tabstateview/ and /tableschemaview/: every value JSON-encoded. */
export function formBody(fields: Record<string, unknown>): { raw: string; headers: Record<string, string> } {
  const raw = new URLSearchParams(Object.entries(fields).map(([k, v]): [string, string] => [k, String(JSON.stringify(v))])).toString();
  return { raw, headers: { 'content-type': 'application/x-www-form-urlencoded' } };
}
export const postForm = <T>(c: Client, path: string, fields: Record<string, unknown>) =>
  c.request<T>('POST', path, undefined, formBody(fields));
export const putForm = <T>(c: Client, path: string, fields: Record<string, unknown>) =>
  c.request<T>('PUT', path, undefined, formBody(fields));
