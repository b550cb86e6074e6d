// ClickHouse chart data: POST /api/v1/chart/data on a 1M-row flights table in ClickHouse against the
// official client running the same SQL (the goal: ratio <= 1.15). The table is generated in
// ClickHouse itself (numbers()), so nothing travels to build it.
import { createClient } from '@clickhouse/client';
import { compareMedians, forcedChartData, startServer } from './lib.mjs';

const URL = process.env.RAMA_BENCH_CLICKHOUSE_URL ?? 'http://127.0.0.1:8123';
const DB = `rama_bench_${process.pid}`;
const ROWS = 1_000_000;
const WARMUP = Number(process.env.RAMA_BENCH_CLICKHOUSE_WARMUP ?? 100);

const context = (datasetId) => ({
  datasource: { id: datasetId, type: 'table' },
  queries: [
    {
      columns: [{ columnType: 'BASE_AXIS', sqlExpression: 'ts', label: 'ts', expressionType: 'SQL', timeGrain: 'P1M' }, 'origin'],
      metrics: [{ expressionType: 'SIMPLE', column: { column_name: 'delay' }, aggregate: 'AVG', label: 'AVG(delay)' }],
      filters: [],
      time_range: 'No filter',
      orderby: [['AVG(delay)', false]],
      row_limit: 10000,
    },
  ],
  result_format: 'json',
  result_type: 'full',
});

export async function benchClickHouse({ runs = 15 } = {}) {
  const ch = createClient({ url: URL, username: 'default', password: '' });
  try {
    await ch.command({ query: 'SELECT 1' });
  } catch {
    return [{ summary: `ClickHouse chart data: skipped, no ClickHouse answers at ${URL}` }];
  }
  await ch.command({ query: `CREATE DATABASE IF NOT EXISTS ${DB}` });
  await ch.command({
    query: `CREATE TABLE ${DB}.flights (ts DateTime, origin String, delay Int32, distance Int32) ENGINE = MergeTree ORDER BY ts`,
  });
  await ch.command({
    query:
      `INSERT INTO ${DB}.flights SELECT toDateTime('2020-01-01 00:00:00') + number * 60 AS ts, ` +
      `arrayElement(['ATL','ORD','DFW','DEN','LAX','SFO','SEA','JFK','BOS','PHX'], (number % 10) + 1) AS origin, ` +
      `toInt32((number * 7919) % 181) - 30 AS delay, toInt32(100 + (number * 31) % 2500) AS distance FROM numbers(${ROWS})`,
  });
  const server = await startServer();
  const out = [];
  try {
    const db = JSON.parse(
      (
        await server.api('POST', '/api/v1/database/', {
          database_name: 'bench clickhouse',
          sqlalchemy_uri: `clickhousedb://default@127.0.0.1:8123/${DB}`,
        })
      ).text,
    );
    const ds = JSON.parse((await server.api('POST', '/api/v1/dataset/', { database: db.id, schema: DB, table_name: 'flights' })).text);
    const sql = JSON.parse((await server.api('POST', '/api/v1/chart/data', { ...context(ds.id), result_type: 'query' })).text).result[0]
      .query;
    const raw = async () => JSON.stringify(await (await ch.query({ query: sql, format: 'JSONEachRow' })).json()).length;
    // a server in service has run the chart path many times: the measured rounds come after WARMUP
    // requests of each kind (a fresh server's first requests run interpreted code; measured cold,
    // about 3-4 ms a request on this machine, which is the whole gap this line is about)
    for (let i = 0; i < WARMUP; i++) {
      await raw();
      await forcedChartData(server, context(ds.id));
    }
    const figures = await compareMedians(raw, () => forcedChartData(server, context(ds.id)), runs);
    out.push({
      case: `chart data on ClickHouse: flights (${ROWS.toLocaleString()} rows) AVG(delay) by origin and month, force: true, over HTTP vs the same SQL on the official client, after ${WARMUP} requests of each`,
      ...figures,
      goal: '<= 1.15',
    });
  } finally {
    await server.stop();
    await ch.command({ query: `DROP DATABASE IF EXISTS ${DB}` }).catch(() => undefined);
    await ch.close();
  }
  return out;
}
