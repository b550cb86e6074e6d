// Uploading a 1M-row flights-like CSV through POST /api/v1/database/{id}/csv_upload/ into DuckDB and
// PostgreSQL, against each engine's own bulk path in the same run: DuckDB `read_csv` of the file and
// PostgreSQL `COPY … FROM STDIN` of it, each case on a server of its own. Prints the ratios and the
// server's peak memory.
// Run on its own: `node bench/upload.mjs` (after `npm run build`); not part of `npm test`.
import { createReadStream, createWriteStream, mkdtempSync, openAsBlob, readFileSync, rmSync, statSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { DuckDBInstance } from '@duckdb/node-api';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { median, startServer, timeIt } from './lib.mjs';

const ROWS = Number(process.env.RAMA_BENCH_UPLOAD_ROWS ?? 1_000_000);
const PG_URL = process.env.RAMA_TEST_PG_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const CARRIERS = ['AA', 'UA', 'DL', 'WN', 'B6', 'AS', 'NK', 'F9'];
const AIRPORTS = ['JFK', 'LAX', 'ORD', 'ATL', 'DFW', 'DEN', 'SFO', 'SEA', 'BOS', 'MIA'];

/** A flights-like CSV: integers, text, floats (some empty), timestamps. */
async function writeFlights(path, rows) {
  const out = createWriteStream(path);
  out.write('flight_id,carrier,origin,dest,distance,dep_delay,air_time,departed\n');
  let chunk = '';
  for (let i = 0; i < rows; i++) {
    const day = new Date(Date.UTC(2024, 0, 1) + (i % 525_600) * 60_000).toISOString().slice(0, 19).replace('T', ' ');
    const delay = i % 17 === 0 ? '' : ((i * 7919) % 240) - 30;
    chunk += `${i},${CARRIERS[i % 8]},${AIRPORTS[i % 10]},${AIRPORTS[(i * 3 + 1) % 10]},${100 + ((i * 31) % 2500)},${delay},${(((i * 13) % 4000) / 10).toFixed(1)},${day}\n`;
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
    }
  }
  out.end(chunk);
  await once(out, 'finish');
}

/**
 * Another user's wait meanwhile: /health asked every 50 ms while `work` runs; the median and the
 * longest answer in ms (the upload must not hold the server's main thread).
 */
async function othersWait(server, work) {
  const times = [];
  let done = false;
  const probe = (async () => {
    while (!done) {
      const t0 = performance.now();
      await fetch(`${server.url}/health`);
      times.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  try {
    return await work();
  } finally {
    done = true;
    await probe;
    times.sort((a, b) => a - b);
    othersWait.last = { p50: times[Math.floor(times.length / 2)] ?? 0, max: times[times.length - 1] ?? 0, n: times.length };
  }
}

/** resident memory of a process now (VmRSS), in MB */
function rssMb(pid) {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
}

/**
 * The upload as a script sends it: `curl -F`, a client that costs the machine little (Node's own
 * `fetch` with a FormData body takes 300-500 ms of this 2-core machine's CPU to send 49 MB, against
 * 70-130 ms for curl, and the bench measures the server). RAMA_BENCH_UPLOAD_CLIENT=fetch sends it
 * with `fetch` instead.
 */
async function uploadFile(server, dbId, path, fields) {
  const url = `${server.url}/api/v1/database/${dbId}/csv_upload/`;
  let status;
  let text;
  if (process.env.RAMA_BENCH_UPLOAD_CLIENT === 'fetch') {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', await openAsBlob(path), 'flights.csv');
    const res = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${server.token}` }, body: form });
    status = res.status;
    text = await res.text();
  } else {
    const args = ['-sS', '-o', '-', '-w', '\n%{http_code}', '-H', `Authorization: Bearer ${server.token}`];
    for (const [k, v] of Object.entries(fields)) args.push('-F', `${k}=${v}`);
    args.push('-F', `file=@${path};filename=flights.csv`, url);
    const out = await new Promise((resolve, reject) =>
      execFile('curl', args, { maxBuffer: 1 << 20 }, (e, stdout) => (e ? reject(e) : resolve(stdout))),
    );
    const cut = out.lastIndexOf('\n');
    text = out.slice(0, cut);
    status = Number(out.slice(cut + 1));
  }
  if (status !== 201) throw new Error(`upload failed: ${status} ${text}`);
  const result = JSON.parse(text).result;
  // a fast load that lost rows would be no result at all
  if (result.rows !== ROWS) throw new Error(`upload loaded ${result.rows} rows of ${ROWS}`);
  return result;
}

const ROUNDS = Number(process.env.RAMA_BENCH_UPLOAD_ROUNDS ?? 3);

/** The engine's own load and Rama's upload timed in turn, ROUNDS times: medians and their ratio. */
async function pairedRounds(baseline, rama) {
  const base = [];
  const ours = [];
  for (let i = 0; i < ROUNDS; i++) {
    base.push((await timeIt(baseline)).ms);
    ours.push((await timeIt(rama)).ms);
  }
  return { baseline_ms: median(base), rama_ms: median(ours), ratio: median(ours) / median(base), rounds: ROUNDS };
}

export async function benchUpload() {
  const dir = mkdtempSync(join(tmpdir(), 'rama-bench-upload-'));
  const csv = join(dir, 'flights.csv');
  await writeFlights(csv, ROWS);
  const mb = statSync(csv).size / 1024 / 1024;
  // each engine's case on a server of its own: one case's peak does not start from what the other left
  const serverEnv = { RAMA_ALLOW_FILE_URIS: 'true', RAMA_UPLOAD_MAX_BYTES: String(2 * 1024 * 1024 * 1024) };
  let server = await startServer(serverEnv);
  const out = [];
  const suffix = `${process.pid}`;
  const pgc = new pg.Client({ connectionString: PG_URL });
  try {
    // DuckDB: the upload into a file database, against read_csv of the same file in another
    const created = await server.api('POST', '/api/v1/database/', {
      database_name: 'bench uploads',
      sqlalchemy_uri: `duckdb:///${join(dir, 'uploads.duckdb')}`,
      allow_file_upload: true,
    });
    const duckId = JSON.parse(created.text).id;
    const idle = rssMb(server.pid);
    server.resetPeakMemory();
    const rama = await timeIt(() => uploadFile(server, duckId, csv, { table_name: 'flights', column_dates: 'departed' }));
    const peakDuck = server.peakMemoryMb();
    // the same upload again (replace), with another user's requests meanwhile
    await othersWait(server, () =>
      uploadFile(server, duckId, csv, { table_name: 'flights', column_dates: 'departed', already_exists: 'replace' }),
    );
    const waitDuck = othersWait.last;
    const instance = await DuckDBInstance.create(join(dir, 'baseline.duckdb'));
    const conn = await instance.connect();
    const base = await timeIt(() => conn.run(`CREATE TABLE flights AS SELECT * FROM read_csv('${csv}')`));
    // then rounds in turn, each replacing its table: the medians (one run of each is at the machine's mercy)
    const rounds = await pairedRounds(
      () => conn.run(`CREATE OR REPLACE TABLE flights AS SELECT * FROM read_csv('${csv}')`),
      () => uploadFile(server, duckId, csv, { table_name: 'flights', column_dates: 'departed', already_exists: 'replace' }),
    );
    conn.closeSync();
    instance.closeSync();
    // the peak over every upload of the case, not only the first into a fresh server
    const peakAllDuck = server.peakMemoryMb();
    out.push({
      case: `upload ${ROWS.toLocaleString()} CSV rows (${mb.toFixed(0)} MB) into DuckDB vs read_csv`,
      first: { baseline_ms: base.ms, rama_ms: rama.ms, ratio: rama.ms / base.ms },
      ...rounds,
      goal: '<= 1.5, peak memory <= 300 MB',
      peak_mb: peakDuck,
      peak_all_mb: peakAllDuck,
      uploads: 2 + ROUNDS,
      idle_mb: idle,
      others: waitDuck,
    });

    // PostgreSQL: the upload against COPY FROM STDIN of the file into a table of the same types
    await server.stop();
    server = await startServer(serverEnv);
    await pgc.connect();
    const pgCreated = await server.api('POST', '/api/v1/database/', {
      database_name: 'bench pg uploads',
      sqlalchemy_uri: PG_URL,
      allow_file_upload: true,
    });
    const pgId = JSON.parse(pgCreated.text).id;
    const table = `bench_upload_${suffix}`;
    const idlePg = rssMb(server.pid);
    server.resetPeakMemory();
    const ramaPg = await timeIt(() => uploadFile(server, pgId, csv, { table_name: table, column_dates: 'departed' }));
    const peakPg = server.peakMemoryMb();
    await othersWait(server, () =>
      uploadFile(server, pgId, csv, { table_name: table, column_dates: 'departed', already_exists: 'replace' }),
    );
    const waitPg = othersWait.last;
    await pgc.query(
      `CREATE TABLE bench_copy_${suffix} (flight_id BIGINT, carrier TEXT, origin TEXT, dest TEXT, distance BIGINT, dep_delay BIGINT, air_time DOUBLE PRECISION, departed TIMESTAMP)`,
    );
    const copy = () => pipeline(createReadStream(csv), pgc.query(copyFrom(`COPY bench_copy_${suffix} FROM STDIN (FORMAT csv, HEADER)`)));
    const basePg = await timeIt(copy);
    const roundsPg = await pairedRounds(
      async () => {
        await pgc.query(`TRUNCATE bench_copy_${suffix}`);
        await copy();
      },
      () => uploadFile(server, pgId, csv, { table_name: table, column_dates: 'departed', already_exists: 'replace' }),
    );
    const peakAllPg = server.peakMemoryMb();
    out.push({
      case: `upload ${ROWS.toLocaleString()} CSV rows (${mb.toFixed(0)} MB) into PostgreSQL vs COPY FROM STDIN`,
      first: { baseline_ms: basePg.ms, rama_ms: ramaPg.ms, ratio: ramaPg.ms / basePg.ms },
      ...roundsPg,
      goal: '<= 1.5, peak memory <= 300 MB',
      peak_mb: peakPg,
      peak_all_mb: peakAllPg,
      uploads: 2 + ROUNDS,
      idle_mb: idlePg,
      others: waitPg,
    });
  } finally {
    await pgc.query(`DROP TABLE IF EXISTS bench_upload_${suffix}`).catch(() => undefined);
    await pgc.query(`DROP TABLE IF EXISTS bench_copy_${suffix}`).catch(() => undefined);
    await pgc.end().catch(() => undefined);
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await benchUpload()) {
    console.log(
      `${r.case}\n  medians of ${r.rounds} rounds in turn: baseline ${r.baseline_ms.toFixed(0)} ms, Rama ${r.rama_ms.toFixed(0)} ms, ratio ${r.ratio.toFixed(2)} (the first upload, into a new table: ${r.first.baseline_ms.toFixed(0)} / ${r.first.rama_ms.toFixed(0)} ms, ${r.first.ratio.toFixed(2)}); server peak memory (VmHWM) ${r.peak_mb.toFixed(0)} MB (${r.idle_mb.toFixed(0)} MB before the upload), ${r.peak_all_mb.toFixed(0)} MB over the case's ${r.uploads} uploads; /health meanwhile median ${r.others.p50.toFixed(0)} ms, longest ${r.others.max.toFixed(0)} ms (${r.others.n} requests)`,
    );
  }
}
