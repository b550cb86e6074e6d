/**
 * The template idioms analysts write, run in SQL Lab on every engine: the quotes are theirs, the
 * macro's value is escaped for the engine, and a hostile value stays inside its literal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mysqlTestUrl, pgTestUrl } from '../test-support/services.js';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';

let server: TestServer;
let admin: Client;
const ids: Record<string, number> = {};
const suffix = `${process.pid}_${Date.now() % 100000}`;

interface ExecReply {
  data: Record<string, unknown>[];
  errors?: { message: string; error_type: string }[];
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
  ids.DuckDB = server.examplesId!;
  for (const [name, uri] of [
    ['PostgreSQL', pgTestUrl],
    ['MariaDB', mysqlTestUrl],
  ]) {
    const r = await admin.post<{ id: number }>('/api/v1/database/', { database_name: `${name} tpl ${suffix}`, sqlalchemy_uri: uri });
    if (r.status !== 201) throw new Error(`could not add ${name}: ${r.text}`);
    ids[name] = r.body.id;
  }
});
afterAll(async () => {
  await server?.close();
});

const HOSTILE = "O'Brien\\'; DROP TABLE t; --\n☃";

for (const engine of ['DuckDB', 'PostgreSQL', 'MariaDB']) {
  describe(`template idioms on ${engine}`, () => {
    const run = (sql: string, query = '') => admin.post<ExecReply>(`/api/v1/sqllab/execute/${query}`, { database_id: ids[engine], sql });

    it("'{{ current_username() }}' and {{ current_user_id() }}", async () => {
      const r = await run("SELECT '{{ current_username() }}' AS who, {{ current_user_id() }} AS uid");
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data.map((x) => [x.who, Number(x.uid)])).toEqual([['admin', 1]]);
    });

    it("'{{ url_param('origin', 'SFO') }}' reads the page's query string, else the default", async () => {
      expect((await run("SELECT '{{ url_param('origin', 'SFO') }}' AS origin")).body.data).toEqual([{ origin: 'SFO' }]);
      expect((await run("SELECT '{{ url_param('origin', 'SFO') }}' AS origin", '?origin=SEA')).body.data).toEqual([{ origin: 'SEA' }]);
    });

    it('a hostile URL parameter stays inside the literal', async () => {
      const r = await run("SELECT '{{ url_param('who') }}' AS v", `?who=${encodeURIComponent(HOSTILE)}`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data).toEqual([{ v: HOSTILE }]);
    });

    it('{{ where_in(filter_values(column, default)) }} is a complete, escaped list', async () => {
      const r = await run("SELECT 1 AS one WHERE 'O''Hare' IN {{ where_in(filter_values('origin', \"O'Hare\")) }}");
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data.map((x) => Number(x.one))).toEqual([1]);
    });
  });
}
