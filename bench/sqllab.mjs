// SQL Lab benchmark: rows from DuckDB through POST /api/v1/sqllab/execute/ over HTTP, against the
// raw DuckDB driver running the same query plus JSON encoding of the same rows, in the same run.
import { DuckDBInstance } from '@duckdb/node-api';
import { median, startServer, timeIt } from './lib.mjs';

const SQL = (n) => `SELECT date, delay, distance, origin, destination,
  delay * 2 AS delay2, distance / 2.0 AS half_distance, origin || '-' || destination AS route,
  CAST(hour(date) AS INTEGER) AS hour, CAST(date AS DATE) AS day
FROM flights LIMIT ${n}`;

async function rawDriver(path, n) {
  const instance = await DuckDBInstance.create(path, { access_mode: 'READ_ONLY' });
  const conn = await instance.connect();
  const run = async () => {
    const reader = await conn.runAndReadAll(SQL(n));
    return JSON.stringify(reader.getRowObjectsJson()).length;
  };
  return {
    run,
    close: () => {
      conn.closeSync();
      instance.closeSync();
    },
  };
}

export async function benchSqlLab({ runs = 5 } = {}) {
  const server = await startServer({ SQL_MAX_ROW: '1000000' });
  const out = [];
  try {
    const ex = JSON.parse((await server.api('GET', '/api/v1/database/')).text).result.find((d) => d.database_name === 'examples');
    const raw = await rawDriver(server.examplesPath, 100000);
    // warm up both paths
    await raw.run();
    await server.api('POST', '/api/v1/sqllab/execute/', { database_id: ex.id, sql: SQL(100000), queryLimit: 100000 });
    const base = [];
    const http = [];
    let bytes = 0;
    for (let i = 0; i < runs; i++) {
      base.push((await timeIt(() => raw.run())).ms);
      const t = await timeIt(() =>
        server.api('POST', '/api/v1/sqllab/execute/', { database_id: ex.id, sql: SQL(100000), queryLimit: 100000 }),
      );
      if (t.out.status !== 200) throw new Error(`execute failed: ${t.out.status} ${t.out.text.slice(0, 300)}`);
      bytes = t.out.text.length;
      http.push(t.ms);
    }
    out.push({
      case: 'SQL Lab execute, 100k rows x 10 cols, DuckDB, sync over HTTP',
      baseline_ms: median(base),
      rama_ms: median(http),
      ratio: median(http) / median(base),
      goal: '<= 1.2 (moonshot < 1.0: the baseline builds row objects, Rama streams JSON text)',
      response_mb: bytes / 1e6,
    });

    // 1M rows through the async path: queue, worker, results backend, then /results/
    const raw1m = await rawDriver(server.examplesPath, 1000000);
    const b1 = (await timeIt(() => raw1m.run())).ms;
    raw1m.close();
    const runAsync1m = async () => {
      const r = JSON.parse(
        (
          await server.api('POST', '/api/v1/sqllab/execute/', {
            database_id: ex.id,
            sql: SQL(1000000),
            queryLimit: 1000000,
            runAsync: true,
          })
        ).text,
      );
      let key = null;
      while (!key) {
        const u = JSON.parse((await server.api('GET', `/api/v1/query/updated_since?q=(last_updated_ms:${Date.now() - 600000})`)).text);
        const q = u.result.find((x) => x.id === r.query.id);
        if (q?.state === 'success') key = q.resultsKey;
        else if (q && ['failed', 'stopped', 'timed_out'].includes(q.state)) throw new Error(`async query ${q.state}: ${q.errorMessage}`);
        else await new Promise((res) => setTimeout(res, 50));
      }
      const res = await server.api('GET', `/api/v1/sqllab/results/?q=(key:'${key}',rows:1000000)`);
      if (res.status !== 200) throw new Error(`results failed: ${res.status}`);
      return res.text.length;
    };
    server.resetPeakMemory();
    const t1 = await timeIt(runAsync1m);
    const peak1 = server.peakMemoryMb();
    out.push({
      case: 'SQL Lab async, 1M rows x 10 cols, DuckDB -> results backend -> /results/',
      baseline_ms: b1,
      rama_ms: t1.ms,
      ratio: t1.ms / b1,
      goal: '<= 1.3',
      response_mb: t1.out / 1e6,
    });
    out.push({ case: 'server peak memory (VmHWM) during the 1M-row async case (goal <= 500 MB)', peak_mb: peak1 });
    server.resetPeakMemory();
    await Promise.all([runAsync1m(), runAsync1m(), runAsync1m(), runAsync1m()]);
    out.push({
      case: 'server peak memory (VmHWM) with four 1M-row async queries at once (goal < 1024 MB)',
      peak_mb: server.peakMemoryMb(),
    });
    raw.close();

    // four long queries running: how long does another user wait for /api/v1/me/?
    const other = await server.login('admin');
    const LONG = 'SELECT count(*) FROM flights a, flights b';
    const ids = ['benchlong01', 'benchlong02', 'benchlong03', 'benchlong04'];
    const long = ids.map((client_id) => server.api('POST', '/api/v1/sqllab/execute/', { database_id: ex.id, sql: LONG, client_id }));
    await new Promise((res) => setTimeout(res, 1000));
    const lat = [];
    for (let i = 0; i < 40; i++) {
      lat.push((await timeIt(() => other('GET', '/api/v1/me/'))).ms);
      await new Promise((res) => setTimeout(res, 50));
    }
    for (const client_id of ids) await server.api('POST', '/api/v1/query/stop', { client_id });
    await Promise.all(long);
    out.push({
      case: 'four long queries running: median latency of /api/v1/me/ for another session (goal < 50 ms)',
      latency_ms: median(lat),
      max_ms: Math.max(...lat),
    });
  } finally {
    await server.stop();
  }
  return out;
}
