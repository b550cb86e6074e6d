import { DuckDBInstance } from '@duckdb/node-api';
const instance = await DuckDBInstance.create(':memory:');
const conn = await instance.connect();
await conn.run(`CREATE TABLE big AS SELECT DATE '2020-01-01' + (range % 1000)::INTEGER AS f, TIMESTAMP '2020-01-01' + INTERVAL (range) SECOND AS g FROM range(100000)`);
for (let k = 0; k < 3; k++) {
  const res = await conn.run(`SELECT f, g FROM big`);
  const vecs = []; for (let i = 0; i < res.chunkCount; i++) { const ch = res.getChunk(i); vecs.push([ch.getColumnVector(0), ch.getColumnVector(1)]); }
  let t = performance.now(); let n = 0;
  for (const [f] of vecs) for (let r = 0; r < f.itemCount; r++) { const v = f.getItem(r); n += v.days; }
  const get = performance.now() - t;
  t = performance.now();
  for (const [f] of vecs) for (let r = 0; r < f.itemCount; r++) { const v = f.getItem(r); new Date(v.days * 86400000).toISOString().slice(0, 10); }
  const iso = performance.now() - t;
  t = performance.now();
  for (const [, g] of vecs) for (let r = 0; r < g.itemCount; r++) { const v = g.getItem(r); new Date(Math.floor(Number(v.micros) / 1000)).toISOString(); }
  const ts = performance.now() - t;
  t = performance.now();
  for (const [f] of vecs) { const items = f.items; for (let r = 0; r < items.length; r++) n += items[r]; }
  const raw = performance.now() - t;
  console.log({ get, iso, ts, raw });
}
