import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';

let server: TestServer;
let admin: Client;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
});
afterAll(async () => server?.close());

type Reply = {
  query_id: number;
  status: string;
  data: Record<string, unknown>[];
  columns: { name: string; type: string; type_generic: number; is_dttm: boolean }[];
  query: {
    id: string;
    state: string;
    rows: number;
    limit: number;
    limitingFactor: string;
    executedSql: string;
    resultsKey: string | null;
    errorMessage: string | null;
  };
  displayLimitReached: boolean;
  statements: { sql: string; is_result: boolean; rowcount: number | null; data: unknown[] | null }[];
  errors?: { message: string; error_type: string }[];
};

const run = (c: Client, sql: string, extra: Record<string, unknown> = {}) =>
  c.post<Reply>('/api/v1/sqllab/execute/', { database_id: server.examplesId, sql, runAsync: false, queryLimit: 1000, ...extra });

describe('execute on DuckDB examples (sync)', () => {
  it('returns rows, typed columns, the query record and the limiting factor', async () => {
    const r = await run(admin, 'SELECT origin, count(*) AS n, min(date) AS first FROM flights GROUP BY 1 ORDER BY 2 DESC', {
      queryLimit: 5,
    });
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('success');
    expect(r.body.data).toHaveLength(5);
    expect(r.body.columns.map((c) => [c.name, c.type_generic, c.is_dttm])).toEqual([
      ['origin', 1, false],
      ['n', 0, false],
      ['first', 2, true],
    ]);
    expect(r.body.query.limitingFactor).toBe('DROPDOWN');
    expect(r.body.displayLimitReached).toBe(true);
    expect(r.body.query.executedSql).toMatch(/LIMIT 6$/);
    expect(r.body.query.id).toHaveLength(11);
    expect(r.body.query.state).toBe('success');
  });

  it('keeps integers beyond 2^53 exact', async () => {
    const r = await admin.post('/api/v1/sqllab/execute/', {
      database_id: server.examplesId,
      sql: 'SELECT 9007199254740993::BIGINT AS big, 170141183460469231731687303715884105727::HUGEINT AS huge',
    });
    expect(r.status).toBe(200);
    expect(r.text).toContain('"big":9007199254740993');
    expect(r.text).toContain('"huge":170141183460469231731687303715884105727');
  });

  it('reports QUERY when the SQL limit is smaller than the dropdown', async () => {
    const r = await run(admin, 'SELECT * FROM airports LIMIT 3');
    expect(r.body.data).toHaveLength(3);
    expect(r.body.query.limitingFactor).toBe('QUERY');
    expect(r.body.displayLimitReached).toBe(false);
  });

  it('runs scripts statement by statement and returns each outcome', async () => {
    const r = await run(admin, 'SELECT 1 AS a; SELECT 2 AS b, 3 AS c');
    expect(r.status).toBe(200);
    expect(r.body.statements).toHaveLength(2);
    expect(r.body.statements[0]).toMatchObject({ is_result: false, rowcount: 1, data: [{ a: 1 }] });
    expect(r.body.statements[1]).toMatchObject({ is_result: true, rowcount: 1 });
    expect(r.body.data).toEqual([{ b: 2, c: 3 }]);
  });

  it('refuses data changes on a database without allow_dml', async () => {
    for (const sql of ['DELETE FROM flights', 'SELECT 1; DROP TABLE flights', 'CREATE TABLE x AS SELECT 1']) {
      const r = await run(admin, sql);
      expect(r.status, sql).toBe(400);
      expect(r.body.errors?.[0].error_type, sql).toBe('DML_NOT_ALLOWED_ERROR');
      expect(r.body.errors?.[0].message, sql).toBe('Only SELECT statements are allowed against this database.');
    }
  });

  it('refuses SQL it cannot parse (fail closed), saying where the parser stopped', async () => {
    const r = await run(admin, 'SELECT 1;\nSELEKT nonsense FROM t');
    expect(r.status).toBe(400);
    expect(r.body.errors?.[0].error_type).toBe('INVALID_SQL_ERROR');
    expect(r.body.errors?.[0].message).toMatch(/could not be parsed/);
    expect(r.body.errors?.[0].message).toMatch(/line 2/);
  });

  it('refuses reading files through SQL on the examples database', async () => {
    const r = await run(admin, "SELECT * FROM read_csv('/etc/passwd')");
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).not.toContain('root:');
  });

  it("renders templates with parameters and macros inside the analyst's quotes; hostile ones are a clear 400", async () => {
    const r = await run(admin, "SELECT {{ n }} + 1 AS v, '{{ current_username() }}' AS who, {{ current_user_id() }} AS uid", {
      templateParams: '{"n": 41}',
    });
    expect(r.body.data).toEqual([{ v: 42, who: 'admin', uid: 1 }]);
    const bad = await run(admin, 'SELECT {{ x.__class__ }}');
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0].error_type).toBe('INVALID_TEMPLATE_PARAMS_ERROR');
    const badParams = await run(admin, 'SELECT {{ x }}', { templateParams: '{oops' });
    expect(badParams.status).toBe(400);
  });

  it('a SQL error fails the query with the engine message and no internals', async () => {
    const r = await run(admin, 'SELECT no_such_column FROM flights');
    expect(r.status).toBe(400);
    expect(r.body.errors?.[0].message).toMatch(/no_such_column/);
    expect(r.body.query.state).toBe('failed');
    expect(JSON.stringify(r.body)).not.toMatch(/node_modules|\.ts:\d+/);
  });

  it('validates the payload', async () => {
    const r = await admin.post('/api/v1/sqllab/execute/', { sql: 'SELECT 1' });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ message: { database_id: ['Missing data for required field.'] } });
    const unknownDb = await admin.post<Reply>('/api/v1/sqllab/execute/', { database_id: 99999, sql: 'SELECT 1' });
    expect(unknownDb.status).toBe(404);
  });
});

describe('results, history and export', () => {
  it('fetches stored results by key with a rows cap; unknown key 404', async () => {
    const r = await run(admin, 'SELECT * FROM stocks ORDER BY date LIMIT 50');
    const key = r.body.query.resultsKey!;
    expect(key).toBeTruthy();
    const res = await admin.get<Reply>(`/api/v1/sqllab/results/?q=(key:'${key}',rows:10)`);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(10);
    expect(res.body.data[0]).toEqual(r.body.data[0]);
    expect((await admin.get(`/api/v1/sqllab/results/?q=(key:'nope-nope-nope')`)).status).toBe(404);
  });

  it('answers 410 once the stored result expired', async () => {
    const r = await run(admin, 'SELECT 1 AS x');
    const key = r.body.query.resultsKey!;
    await server.ctx.sqllab.results.delete(key);
    expect((await admin.get(`/api/v1/sqllab/results/?q=(key:'${key}')`)).status).toBe(410);
  });

  it('lists history with filters and shows one query', async () => {
    const list = await admin.get<{ count: number; result: { id: number; sql: string; status: string }[] }>(
      `/api/v1/query/?q=(filters:!((col:sql,opr:ct,value:stocks),(col:status,opr:eq,value:success)),order_column:changed_on,order_direction:desc)`,
    );
    expect(list.status).toBe(200);
    expect(list.body.count).toBeGreaterThan(0);
    expect(list.body.result.every((q) => q.sql.includes('stocks') && q.status === 'success')).toBe(true);
    const one = await admin.get<{ result: { database: { id: number }; sql: string; tab_name: string | null; schema: string | null } }>(
      `/api/v1/query/${list.body.result[0].id}`,
    );
    expect(one.body.result.database.id).toBe(server.examplesId);
  });

  it('filters history by text ignoring case, with % and _ taken literally', async () => {
    await run(admin, "SELECT 'Zq_Hist 100%' AS a");
    await run(admin, "SELECT 'ZqXHist 1000' AS b");
    const find = async (text: string) => {
      const res = await admin.get<{ result: { sql: string }[] }>(
        `/api/v1/query/?q=${encodeURIComponent(`(filters:!((col:sql,opr:ct,value:'${text}')))`)}`,
      );
      expect(res.status).toBe(200);
      return res.body.result.map((q) => q.sql);
    };
    // case-insensitive on every metadata store (LIKE alone is case-sensitive on PostgreSQL)
    expect(await find('ZQ_HIST')).toEqual(["SELECT 'Zq_Hist 100%' AS a"]);
    // as wildcards, '_' and '%' would match the other query too
    expect(await find('zq_hist')).toEqual(["SELECT 'Zq_Hist 100%' AS a"]);
    expect(await find('100%')).toEqual(["SELECT 'Zq_Hist 100%' AS a"]);
    expect(await find('zq')).toHaveLength(2);
  });

  it('exports the stored result as CSV with formula escaping', async () => {
    const r = await run(admin, "SELECT '=1+1' AS f, 2 AS n UNION ALL SELECT 'x', 3 ORDER BY n", { queryLimit: 100 });
    const csv = await admin.get(`/api/v1/sqllab/export/${r.body.query.id}/`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    expect(csv.text.replace('\ufeff', '')).toBe("f,n\r\n'=1+1,2\r\nx,3\r\n");
  });

  it('exports what the query returned under its limit, and runs it again when the stored result is gone', async () => {
    const r = await run(admin, "SELECT '=1+1' AS f, 2 AS n UNION ALL SELECT 'x', 3 ORDER BY n", { queryLimit: 1 });
    const stored = await admin.get(`/api/v1/sqllab/export/${r.body.query.id}/`);
    expect(stored.text.replace('\ufeff', '')).toBe("f,n\r\n'=1+1,2\r\n");
    await server.ctx.sqllab.results.delete(r.body.query.resultsKey!);
    const rerun = await admin.get(`/api/v1/sqllab/export/${r.body.query.id}/`);
    expect(rerun.status).toBe(200);
    expect(rerun.text.replace('\ufeff', '')).toBe("f,n\r\n'=1+1,2\r\n");
  });
});

describe('async queries', () => {
  it('answers 202 pending, then the worker finishes it and results come by key', async () => {
    const r = await admin.post<{ query: { id: string; state: string } }>('/api/v1/sqllab/execute/', {
      database_id: server.examplesId,
      sql: 'SELECT count(*) AS n FROM flights',
      runAsync: true,
    });
    expect(r.status).toBe(202);
    expect(r.body.query.state).toBe('pending');
    let key: string | null = null;
    for (let i = 0; i < 50 && !key; i++) {
      const u = await admin.get<{ result: { id: string; state: string; resultsKey: string | null }[] }>(
        `/api/v1/query/updated_since?q=(last_updated_ms:0)`,
      );
      const q = u.body.result.find((x) => x.id === r.body.query.id);
      if (q?.state === 'success') key = q.resultsKey;
      else await new Promise((res) => setTimeout(res, 100));
    }
    expect(key).toBeTruthy();
    const res = await admin.get<Reply>(`/api/v1/sqllab/results/?q=(key:'${key}',rows:1000)`);
    expect(res.body.data).toEqual([{ n: 3000000 }]);
  });
});

describe('form post entry (how a chart opens its SQL)', () => {
  it('keeps the posted SQL under a one-hour key and redirects to the page', async () => {
    const body = new URLSearchParams({ datasourceKey: '7__table', sql: 'SELECT * FROM stocks' }).toString();
    const r = await admin.post('/sqllab/', undefined, { raw: body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(r.status).toBe(303);
    const location = r.headers.get('location')!;
    expect(location).toMatch(/^\/sqllab\/\?form_key=/);
    const key = decodeURIComponent(location.split('form_key=')[1]);
    const data = await admin.get<{ result: { datasourceKey: string; sql: string } }>(`/api/v1/sqllab/form_data/${encodeURIComponent(key)}`);
    expect(data.body.result).toEqual({ datasourceKey: '7__table', sql: 'SELECT * FROM stocks' });
    // without the CSRF token the post is refused
    const forged = await admin.post('/sqllab/', undefined, {
      raw: body,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      csrf: false,
    });
    expect(forged.status).toBe(400);
  });
});

describe('format and estimate', () => {
  it('formats SQL in the engine dialect', async () => {
    const r = await admin.post<{ result: string }>('/api/v1/sqllab/format_sql/', {
      sql: 'select a, b from t where x = 1',
      database_id: server.examplesId,
    });
    expect(r.body.result).toBe('SELECT\n  a,\n  b\nFROM\n  t\nWHERE\n  x = 1');
  });

  it('estimates cost where the database enables it', async () => {
    const r = await admin.post<{ result: Record<string, unknown>[] }>('/api/v1/sqllab/estimate/', {
      database_id: server.examplesId,
      sql: 'SELECT * FROM flights WHERE delay > 10',
    });
    expect(r.status).toBe(200);
    expect(r.body.result.length).toBeGreaterThan(0);
  });
});

describe('ownership', () => {
  it("another user's query and results are not visible", async () => {
    const roles = await admin.get<{ result: { id: number; name: string }[] }>('/api/v1/security/roles/');
    const ids = roles.body.result.filter((x) => x.name === 'sql_lab' || x.name === 'Alpha').map((x) => x.id);
    await admin.post('/api/v1/security/users/', {
      username: 'sam',
      first_name: 'Sam',
      last_name: 'S',
      email: 'sam@example.com',
      password: 'sam-password-1',
      roles: ids,
    });
    const sam = server.client();
    await sam.login('sam', 'sam-password-1');
    const mine = await run(admin, 'SELECT 42 AS secret');
    expect((await sam.get(`/api/v1/query/${mine.body.query_id}`)).status).toBe(404);
    expect((await sam.get(`/api/v1/sqllab/results/?q=(key:'${mine.body.query.resultsKey}')`)).status).toBe(404);
    expect((await sam.post('/api/v1/query/stop', { client_id: mine.body.query.id })).status).toBe(404);
    const own = await run(sam, 'SELECT 1 AS one');
    expect(own.status).toBe(200);
  });
});
