// Chart data benchmark: POST /api/v1/chart/data on the 3M-row flights table against the raw DuckDB
// driver running the same SQL; the cached answer against GET /health; 100 identical requests on a
// cold cache (database queries counted from the server's log); pivot + flatten against one plain pass.
import { DuckDBInstance } from '@duckdb/node-api';
import { compareMedians, forcedChartData, median, root, startServer, timeIt } from './lib.mjs';

/** The benchmark's chart query: AVG(delay) by origin and month on flights (bench/sharing.mjs uses it too). */
export const context = (datasetId, extra = {}) => ({
  datasource: { id: datasetId, type: 'table' },
  queries: [
    {
      columns: [{ columnType: 'BASE_AXIS', sqlExpression: 'date', label: 'date', expressionType: 'SQL', timeGrain: 'P1M' }, 'origin'],
      metrics: [{ expressionType: 'SIMPLE', column: { column_name: 'delay' }, aggregate: 'AVG', label: 'AVG(delay)' }],
      filters: [],
      time_range: 'No filter',
      orderby: [['AVG(delay)', false]],
      row_limit: 10000,
      ...extra,
    },
  ],
  result_format: 'json',
  result_type: 'full',
});

async function datasetId(server) {
  const q = encodeURIComponent('(filters:!((col:table_name,opr:eq,value:flights)))');
  const found = JSON.parse((await server.api('GET', `/api/v1/dataset/?q=${q}`)).text).result?.[0];
  if (found) return found.id;
  const ex = JSON.parse((await server.api('GET', '/api/v1/database/')).text).result.find((d) => d.database_name === 'examples');
  const created = await server.api('POST', '/api/v1/dataset/', { database: ex.id, schema: 'main', table_name: 'flights' });
  return JSON.parse(created.text).id;
}

async function pivotCase() {
  const shared = await import(`${root}packages/shared/dist/index.js`);
  const series = Array.from({ length: 20 }, (_, i) => `S${i}`);
  const rows = [];
  for (let d = 0; d < 5000; d++) for (const s of series) rows.push([Date.UTC(2020, 0, 1) + d * 86_400_000, s, (d * 7 + s.length) % 101]);
  const rules = [
    { operation: 'pivot', options: { index: ['date'], columns: ['series'], aggregates: { value: { operator: 'mean' } } } },
    { operation: 'rename', options: { columns: { value: null }, level: 0, inplace: true } },
    { operation: 'flatten' },
  ];
  // the plain pass: one loop placing each value in its date's record
  const plain = () => {
    const byDate = new Map();
    for (const [date, s, v] of rows) {
      let rec = byDate.get(date);
      if (!rec) byDate.set(date, (rec = { date }));
      rec[s] = v;
    }
    return [...byDate.values()].length;
  };
  const pivoted = () =>
    shared.frameToRecords(shared.applyPostProcessing(shared.frameFromRows(['date', 'series', 'value'], rows), rules)).length;
  for (let i = 0; i < 3; i++) {
    plain();
    pivoted();
  }
  const base = [];
  const ours = [];
  for (let i = 0; i < 9; i++) {
    base.push((await timeIt(plain)).ms);
    ours.push((await timeIt(pivoted)).ms);
  }
  return {
    case: 'post-processing: pivot + rename + flatten of 100,000 rows x 20 series, against one plain pass building the same records',
    baseline_ms: median(base),
    rama_ms: median(ours),
    ratio: median(ours) / median(base),
    goal: '<= 3',
  };
}

/**
 * 100 identical requests at once on a cold cache: how many database queries ran? Counted from the
 * engine's debug line for each query it runs, on a server of its own at debug level (the timed
 * cases run at the quieter default).
 */
async function singleFlightCase() {
  let chartQueries = 0;
  const server = await startServer(
    { RAMA_LOG_LEVEL: 'debug' },
    {
      onLog: (line) => {
        if (line.includes('"msg":"chart query"')) chartQueries++;
      },
    },
  );
  try {
    const id = await datasetId(server);
    const cold = context(id, { filters: [{ col: 'origin', op: 'NOT IN', val: [`cold-${Date.now()}`] }] });
    const before = chartQueries;
    const replies = await Promise.all(Array.from({ length: 100 }, () => server.api('POST', '/api/v1/chart/data', cold)));
    await new Promise((r) => setTimeout(r, 300)); // let the log lines arrive
    if (!replies.every((r) => r.status === 200)) throw new Error('a concurrent request failed');
    return {
      case: '100 concurrent identical chart data requests on a cold cache: database queries run (goal 1)',
      count: chartQueries - before,
    };
  } finally {
    await server.stop();
  }
}

export async function benchCharts({ runs = 7 } = {}) {
  const server = await startServer();
  const out = [];
  try {
    const id = await datasetId(server);
    const sqlReply = JSON.parse((await server.api('POST', '/api/v1/chart/data', { ...context(id), result_type: 'query' })).text);
    const sql = sqlReply.result[0].query;
    const instance = await DuckDBInstance.create(server.examplesPath, { access_mode: 'READ_ONLY' });
    const conn = await instance.connect();
    const raw = async () => JSON.stringify((await conn.runAndReadAll(sql)).getRowObjectsJson()).length;
    const figures = await compareMedians(raw, () => forcedChartData(server, context(id)), runs);
    conn.closeSync();
    instance.closeSync();
    out.push({
      case: 'chart data: flights (3M rows) AVG(delay) by origin and month, force: true, over HTTP vs the same SQL on the raw DuckDB driver',
      ...figures,
      goal: '<= 1.15',
    });

    // the same request from the cache, against GET /health on the same server
    const cachedBody = context(id);
    await server.api('POST', '/api/v1/chart/data', cachedBody);
    const cached = [];
    const health = [];
    for (let i = 0; i < 300; i++) {
      const t = await timeIt(() => server.api('POST', '/api/v1/chart/data', cachedBody));
      if (!t.out.text.includes('"is_cached":true')) throw new Error('expected a cached answer');
      cached.push(t.ms);
      health.push((await timeIt(() => fetch(`${server.url}/health`).then((r) => r.text()))).ms);
    }
    out.push({
      case: 'chart data served from the cache (median over 300), against GET /health',
      baseline_ms: median(health),
      rama_ms: median(cached),
      ratio: median(cached) / median(health),
      goal: 'cached median <= 5 ms',
    });
  } finally {
    await server.stop();
  }
  out.push(await singleFlightCase());
  out.push(await pivotCase());
  return out;
}
