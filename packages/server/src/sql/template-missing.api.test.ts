/**
 * A template that uses a parameter nobody defined is refused as the BI server refuses it
 * (ENABLE_TEMPLATE_PROCESSING): 400, MISSING_TEMPLATE_PARAMS_ERROR, the parameters named in the
 * message and in `extra.undefined_parameters`, issue 1006 — in SQL Lab and for a chart on a
 * virtual dataset; a default or an `is defined` test still renders.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { chartContext } from '../test-support/async.js';

let server: TestServer;
let admin: Client;

interface ErrorReply {
  errors?: { message: string; error_type: string; extra?: Record<string, unknown> }[];
  data?: Record<string, unknown>[];
  result?: { rowcount: number; data: Record<string, unknown>[] }[];
}

const ISSUE_1006 = { code: 1006, message: 'Issue 1006 - One or more parameters specified in the query are missing.' };
const SUGGESTION =
  'Please check your template parameters for syntax errors and make sure they match across your SQL query and Set Parameters. Then, try running your query again.';

const execute = (sql: string, templateParams: string | null = null) =>
  admin.post<ErrorReply>('/api/v1/sqllab/execute/', {
    database_id: server.examplesId,
    sql,
    runAsync: false,
    queryLimit: 10,
    templateParams,
  });

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
});
afterAll(async () => server?.close());

describe('SQL Lab: an undefined template parameter', () => {
  it('is a 400 MISSING_TEMPLATE_PARAMS_ERROR naming it, with issue 1006', async () => {
    const r = await execute('SELECT origin FROM flights WHERE delay > {{ min_delay }} LIMIT 1');
    expect(r.status, r.text).toBe(400);
    const [e] = r.body.errors ?? [];
    expect(e.error_type).toBe('MISSING_TEMPLATE_PARAMS_ERROR');
    expect(e.message).toBe(`The parameter "min_delay" in your query is undefined. ${SUGGESTION}`);
    expect(e.extra).toMatchObject({ undefined_parameters: ['min_delay'], template_parameters: {}, issue_codes: [ISSUE_1006] });
  });

  it('several are listed; the defined ones are not', async () => {
    const r = await execute("SELECT {{ a }} AS a, '{{ b }}' AS b, {{ c }} AS c", '{"a": 1}');
    expect(r.status, r.text).toBe(400);
    const [e] = r.body.errors ?? [];
    expect(e.message).toBe(`The following parameters in your query are undefined: "b", "c". ${SUGGESTION}`);
    expect(e.extra).toMatchObject({ undefined_parameters: ['b', 'c'], template_parameters: { a: 1 } });
  });

  it('a default or an is-defined test still runs', async () => {
    const r = await execute("SELECT {{ n | default(2) }} AS n, '{% if x is defined %}yes{% else %}no{% endif %}' AS x");
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toEqual([{ n: 2, x: 'no' }]);
  });

  it('a malformed template is still INVALID_TEMPLATE_PARAMS_ERROR', async () => {
    const r = await execute('SELECT {{ 1 + }}');
    expect(r.status).toBe(400);
    expect(r.body.errors?.[0].error_type).toBe('INVALID_TEMPLATE_PARAMS_ERROR');
  });
});

describe('chart data on a virtual dataset: an undefined template parameter', () => {
  let dataset: number;

  beforeAll(async () => {
    const r = await admin.post<{ id: number }>('/api/v1/dataset/', {
      database: server.examplesId,
      schema: 'main',
      table_name: 'delayed_flights_template',
      sql: 'SELECT origin, delay FROM flights WHERE delay > {{ min_delay | default(0) }}',
    });
    expect(r.status, r.text).toBe(201);
    dataset = r.body.id;
  });

  const setSql = async (sql: string, templateParams: string | null) => {
    const r = await admin.put(`/api/v1/dataset/${dataset}`, { sql, template_params: templateParams });
    expect(r.status, r.text).toBe(200);
  };

  it('is a 400 chart data error of the same type', async () => {
    await setSql('SELECT origin, delay FROM flights WHERE delay > {{ min_delay }}', null);
    const r = await admin.post<ErrorReply>('/api/v1/chart/data', chartContext(dataset, { force: true }));
    expect(r.status, r.text).toBe(400);
    const [e] = r.body.errors ?? [];
    expect(e.error_type).toBe('MISSING_TEMPLATE_PARAMS_ERROR');
    expect(e.message).toBe(`The parameter "min_delay" in your query is undefined. ${SUGGESTION}`);
    expect(e.extra).toMatchObject({ undefined_parameters: ['min_delay'], issue_codes: [ISSUE_1006] });
  });

  it("answers once the dataset's template parameters define it", async () => {
    await setSql('SELECT origin, delay FROM flights WHERE delay > {{ min_delay }}', '{"min_delay": 60}');
    const r = await admin.post<ErrorReply>('/api/v1/chart/data', chartContext(dataset, { force: true }));
    expect(r.status, r.text).toBe(200);
    expect(r.body.result?.[0].rowcount).toBeGreaterThan(0);
  });
});
