/**
 * A large plain CSV file is read by the engine itself (DuckDB `read_csv` in a private instance,
 * PostgreSQL `COPY … FORMAT csv`), and what it stores is exactly what Rama's own reader stores:
 * the same file loaded both ways gives the same table, and where the engine would read a value
 * otherwise (a fraction in a whole-number column, NaN, a time zone offset, a ragged row past the
 * first rows) the upload falls back to the exact way, with its messages.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SAMPLE_RECORDS } from './fast-csv.js';
import { describeIfService, pgTestUrl, postgresService } from '../test-support/services.js';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { rowsOf, upload } from '../test-support/uploads.js';

const ROWS = SAMPLE_RECORDS + 5000;
const suffix = `${process.pid}_${Date.now() % 100000}`;
let server: TestServer;
let admin: Client;
const dir = mkdtempSync(join(tmpdir(), 'rama-fast-upload-'));

beforeAll(async () => {
  server = await startTestServer({ RAMA_ALLOW_FILE_URIS: 'true' }, { examples: false });
  admin = await server.admin();
});

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * A file past the sample: whole numbers, text with quotes, commas, line breaks and null spellings,
 * floats with empty cells, datetimes; `late` replaces cells of the last row, past the sample.
 * `later`: one more column, empty but in the last row, where it holds that value.
 */
function bigCsv(
  late: Partial<Record<'id' | 'name' | 'score' | 'seen', string>> & { extra?: string } = {},
  bools = false,
  later: string | null = null,
): string {
  const lines = [`id,name,score,seen${bools ? ',ok' : ''}${later !== null ? ',later' : ''}`];
  for (let i = 0; i < ROWS; i++) {
    const name = i % 101 === 0 ? 'NA' : i % 103 === 0 ? '"a, ""quoted""\nname"' : i % 107 === 0 ? '' : `n${i % 50}`;
    const score = i % 7 === 0 ? '' : ((i * 37) % 1000) / 8;
    const seen = `2024-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')} ${String(i % 24).padStart(2, '0')}:15:00`;
    let cells = [String(i), name, String(score), seen];
    if (i === ROWS - 1) cells = [late.id ?? cells[0], late.name ?? cells[1], late.score ?? cells[2], late.seen ?? cells[3]];
    if (bools) cells.push(i % 3 === 0 ? 'true' : 'False');
    if (later !== null) cells.push(i === ROWS - 1 ? later : '');
    lines.push(cells.join(',') + (i === ROWS - 1 && late.extra ? late.extra : ''));
  }
  return lines.join('\n') + '\n';
}

/** The line the file's last record ends on (quoted values hold line breaks). */
const lastLine = (csv: string): number => csv.split('\n').length - 1;

/**
 * Datetimes past the sample that the exact path refuses and an engine's own reader takes (`epoch`
 * as 1970, 24:00 as the next day, year 0 as 1 BC): the upload is refused with the exact path's message.
 */
async function refusesDates(id: number, fields: Record<string, string> = {}): Promise<void> {
  for (const seen of ['epoch', '2024-05-01 24:00:00', '0000-05-01 10:00:00']) {
    const csv = bigCsv({ seen });
    const r = await upload(admin, id, 'csv', 'big.csv', csv, { table_name: 'late_date', column_dates: 'seen', ...fields });
    expect(r.status, seen).toBe(422);
    expect(String(r.body.message)).toBe(`Line ${lastLine(csv)}, column "seen": "${seen}" is not a date.`);
  }
}

/** The path each upload took, from the service's log. */
function watchPaths(): { paths: string[]; stop: () => void } {
  const paths: string[] = [];
  const spy = vi.spyOn(server.ctx.log, 'info').mockImplementation(((obj: unknown) => {
    const path = (obj as { path?: unknown } | undefined)?.path;
    if (typeof path === 'string') paths.push(path);
  }) as never);
  return { paths, stop: () => spy.mockRestore() };
}

async function addDatabase(name: string, uri: string, extra: Record<string, unknown> = {}): Promise<number> {
  const r = await admin.post<{ id: number }>('/api/v1/database/', {
    database_name: name,
    sqlalchemy_uri: uri,
    expose_in_sqllab: true,
    allow_file_upload: true,
    extra: JSON.stringify(extra),
  });
  expect(r.status, r.text).toBe(201);
  return r.body.id;
}

/** Upload `csv` twice, once as it comes (`fast`) and once with an option only the exact path takes. */
async function both(id: number, csv: string, fast: string, exact: string, fields: Record<string, string> = {}) {
  const watch = watchPaths();
  try {
    const a = await upload(admin, id, 'csv', 'big.csv', csv, { table_name: fast, column_dates: 'seen', ...fields });
    expect(a.status, a.text).toBe(201);
    const b = await upload(admin, id, 'csv', 'big.csv', csv, {
      table_name: exact,
      column_dates: 'seen',
      rows_to_read: String(ROWS + 10),
      ...fields,
    });
    expect(b.status, b.text).toBe(201);
    expect(a.body.result?.rows).toBe(ROWS);
    expect(b.body.result?.rows).toBe(ROWS);
    return watch.paths;
  } finally {
    watch.stop();
  }
}

describe('uploads into DuckDB through read_csv', () => {
  let id: number;
  beforeAll(async () => {
    id = await addDatabase(`duck_fast_${suffix}`, `duckdb:///${join(dir, 'fast.duckdb')}`);
  });

  const same = async (a: string, b: string): Promise<void> => {
    const cols = (t: string) =>
      `SELECT column_name, data_type FROM information_schema.columns WHERE table_name = '${t}' ORDER BY ordinal_position`;
    expect((await rowsOf(admin, id, cols(a))).map((r) => r.data_type)).toEqual((await rowsOf(admin, id, cols(b))).map((r) => r.data_type));
    const diff = await rowsOf(
      admin,
      id,
      `SELECT (SELECT count(*) FROM (SELECT * FROM ${a} EXCEPT ALL SELECT * FROM ${b})) + (SELECT count(*) FROM (SELECT * FROM ${b} EXCEPT ALL SELECT * FROM ${a})) AS n`,
    );
    expect(diff).toEqual([{ n: 0 }]);
  };

  it('stores what the exact path stores: kinds, quoted text, null spellings, dates, booleans', async () => {
    const paths = await both(id, bigCsv({}, true), 'f1', 'e1');
    expect(paths).toEqual(['engine']);
    await same('f1', 'e1');
    const kinds = await rowsOf(
      admin,
      id,
      `SELECT data_type FROM information_schema.columns WHERE table_name = 'f1' ORDER BY ordinal_position`,
    );
    expect(kinds.map((r) => r.data_type)).toEqual(['BIGINT', 'VARCHAR', 'DOUBLE', 'TIMESTAMP', 'BOOLEAN']);
    const nulls = await rowsOf(
      admin,
      id,
      `SELECT count(*) FILTER (WHERE name IS NULL) AS n, count(*) FILTER (WHERE name = 'NA') AS na FROM f1`,
    );
    expect(nulls).toEqual([{ n: expect.any(Number), na: 0 }]);
  });

  it('falls back to the exact path where DuckDB would read a value otherwise', async () => {
    // a fraction in a whole-number column past the sample: the column becomes a float, as Rama reads it
    expect(await both(id, bigCsv({ id: '1.5' }), 'f2', 'e2')).toEqual(['exact']);
    await same('f2', 'e2');
    // an offset: Rama keeps the instant (UTC), DuckDB's cast would drop the offset
    expect(await both(id, bigCsv({ seen: '2024-05-01 10:00:00+02:00' }), 'f3', 'e3')).toEqual(['exact']);
    await same('f3', 'e3');
    expect(await rowsOf(admin, id, `SELECT strftime(seen, '%H:%M') AS t FROM f3 WHERE id = ${ROWS - 1}`)).toEqual([{ t: '08:00' }]);
  });

  it('reads null spellings past the sample as null in every kind, also one that looks like a value', async () => {
    // the default spellings: NA in a float column, past the sample
    expect(await both(id, bigCsv({ score: 'NA' }), 'f7', 'e7')).toEqual(['engine']);
    await same('f7', 'e7');
    expect(await rowsOf(admin, id, `SELECT score FROM f7 WHERE id = ${ROWS - 1}`)).toEqual([{ score: null }]);
    // a spelling given that a whole-number column would take as a value
    expect(await both(id, bigCsv({ id: '-1' }), 'f8', 'e8', { null_values: ',-1' })).toEqual(['engine']);
    await same('f8', 'e8');
    expect(await rowsOf(admin, id, `SELECT count(*) AS n FROM f8 WHERE id IS NULL`)).toEqual([{ n: 1 }]);
  });

  it('reads the kind of a column the sample holds no value in from all its values (the exact path)', async () => {
    // empty through the sample, a whole number after it: the column is a whole number, not text
    expect(await both(id, bigCsv({}, false, '7'), 'f5', 'e5')).toEqual(['exact']);
    await same('f5', 'e5');
    expect(
      await rowsOf(admin, id, `SELECT data_type FROM information_schema.columns WHERE table_name = 'f5' AND column_name = 'later'`),
    ).toEqual([{ data_type: 'BIGINT' }]);
    // empty throughout: the engine's reader loads it, as text, as the exact path does
    expect(await both(id, bigCsv({}, false, ''), 'f6', 'e6')).toEqual(['engine']);
    await same('f6', 'e6');
  });

  it("refuses a datetime past the sample that DuckDB would read and Rama does not, with the exact path's message", async () => {
    await refusesDates(id);
  });

  it('reads a quote inside an unquoted value as Rama does', async () => {
    expect(await both(id, bigCsv({ name: 'a"b"c' }), 'f9', 'e9')).toEqual(['engine']);
    await same('f9', 'e9');
    expect(await rowsOf(admin, id, `SELECT name FROM f9 WHERE id = ${ROWS - 1}`)).toEqual([{ name: 'a"b"c' }]);
  });

  it('answers a ragged row past the sample with its line, and leaves no table', async () => {
    const csv = bigCsv({ extra: ',x,y' });
    const r = await upload(admin, id, 'csv', 'big.csv', csv, { table_name: 'ragged' });
    expect(r.status).toBe(422);
    expect(String(r.body.message)).toBe(`Line ${lastLine(csv)} has 6 values, but the file has 4 columns.`);
    expect(await rowsOf(admin, id, `SELECT count(*) AS n FROM information_schema.tables WHERE table_name = 'ragged'`)).toEqual([{ n: 0 }]);
    // the staging table the rows went to first is gone too
    expect(await rowsOf(admin, id, `SELECT count(*) AS n FROM information_schema.tables WHERE table_name LIKE 'rama_upload_%'`)).toEqual([
      { n: 0 },
    ]);
  });

  it('replaces, appends, and refuses an existing table with "fail"', async () => {
    const csv = bigCsv();
    expect((await upload(admin, id, 'csv', 'big.csv', csv, { table_name: 'f4' })).status).toBe(201);
    const exists = await upload(admin, id, 'csv', 'big.csv', csv, { table_name: 'f4' });
    expect(exists.status).toBe(422);
    expect(String(exists.body.message)).toMatch(/already exists/);
    expect((await upload(admin, id, 'csv', 'big.csv', csv, { table_name: 'f4', already_exists: 'append' })).status).toBe(201);
    expect(await rowsOf(admin, id, 'SELECT count(*) AS n FROM f4')).toEqual([{ n: 2 * ROWS }]);
    expect((await upload(admin, id, 'csv', 'big.csv', csv, { table_name: 'f4', already_exists: 'replace' })).status).toBe(201);
    expect(await rowsOf(admin, id, 'SELECT count(*) AS n FROM f4')).toEqual([{ n: ROWS }]);
  });
});

await describeIfService(postgresService, 'uploads into PostgreSQL through COPY FORMAT csv', () => {
  const schema = `rama_fast_${suffix}`;
  let pgc: pg.Client;
  let id: number;

  beforeAll(async () => {
    pgc = new pg.Client({ connectionString: pgTestUrl });
    await pgc.connect();
    await pgc.query(`CREATE SCHEMA ${schema}`);
    id = await addDatabase(`pg_fast_${suffix}`, pgTestUrl, { schemas_allowed_for_file_upload: [schema] });
  });

  afterAll(async () => {
    await pgc.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await pgc.end();
  });

  const same = async (a: string, b: string): Promise<void> => {
    const cols = async (t: string) =>
      (
        await pgc.query(
          `SELECT data_type FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2 ORDER BY ordinal_position`,
          [schema, t],
        )
      ).rows.map((r: { data_type: string }) => r.data_type);
    expect(await cols(a)).toEqual(await cols(b));
    const diff = await pgc.query(
      `SELECT (SELECT count(*) FROM (SELECT * FROM ${schema}.${a} EXCEPT ALL SELECT * FROM ${schema}.${b}) x)::int + (SELECT count(*) FROM (SELECT * FROM ${schema}.${b} EXCEPT ALL SELECT * FROM ${schema}.${a}) y)::int AS n`,
    );
    expect(diff.rows).toEqual([{ n: 0 }]);
  };

  it('stores what the exact path stores: kinds, quoted text, null spellings in text, dates', async () => {
    const paths = await both(id, bigCsv(), 'f1', 'e1', { schema });
    expect(paths).toEqual(['engine']);
    await same('f1', 'e1');
    const na = await pgc.query(`SELECT count(*)::int AS n FROM ${schema}.f1 WHERE name = 'NA'`);
    expect(na.rows).toEqual([{ n: 0 }]);
  });

  it('honours a time zone offset past the sample (timestamptz on a UTC session), as Rama reads it', async () => {
    expect(await both(id, bigCsv({ seen: '2024-05-01 10:00:00+02:00' }), 'f2', 'e2', { schema })).toEqual(['engine']);
    await same('f2', 'e2');
    const at = await pgc.query(`SELECT to_char(seen, 'HH24:MI') AS t FROM ${schema}.f2 WHERE id = $1`, [ROWS - 1]);
    expect(at.rows).toEqual([{ t: '08:00' }]);
  });

  it('falls back to the exact path for a fraction in a whole-number column, NaN, and booleans', async () => {
    expect(await both(id, bigCsv({ id: '1.5' }), 'f3', 'e3', { schema })).toEqual(['exact']);
    await same('f3', 'e3');
    expect(await both(id, bigCsv({ score: 'NaN' }), 'f4', 'e4', { schema, null_values: ',NULL' })).toEqual(['exact']);
    await same('f4', 'e4');
    expect(await both(id, bigCsv({}, true), 'f5', 'e5', { schema })).toEqual(['exact']);
    await same('f5', 'e5');
  });

  it('leaves null spellings of its own to the exact path: one PostgreSQL would read as a number past the sample', async () => {
    expect(await both(id, bigCsv({ id: '-1' }), 'f9', 'e9', { schema, null_values: ',-1' })).toEqual(['exact']);
    await same('f9', 'e9');
    const n = await pgc.query(`SELECT count(*)::int AS n FROM ${schema}.f9 WHERE id IS NULL`);
    expect(n.rows).toEqual([{ n: 1 }]);
  });

  it('falls back to the exact path where PostgreSQL reads a value otherwise: microseconds, 0x10, a quote inside a value', async () => {
    // Rama keeps milliseconds; PostgreSQL would keep .123456
    expect(await both(id, bigCsv({ seen: '2024-05-01 10:00:00.123456' }), 'f10', 'e10', { schema })).toEqual(['exact']);
    await same('f10', 'e10');
    // Rama reads the column as text; PostgreSQL would store 16
    expect(await both(id, bigCsv({ score: '0x10' }), 'f11', 'e11', { schema })).toEqual(['exact']);
    await same('f11', 'e11');
    // Rama keeps the quotes; PostgreSQL would read `abc`
    expect(await both(id, bigCsv({ name: 'a"b"c' }), 'f12', 'e12', { schema })).toEqual(['exact']);
    await same('f12', 'e12');
    const name = await pgc.query(`SELECT name FROM ${schema}.f12 WHERE id = $1`, [ROWS - 1]);
    expect(name.rows).toEqual([{ name: 'a"b"c' }]);
  });

  it("refuses a datetime past the sample that PostgreSQL would read and Rama does not, with the exact path's message", async () => {
    await refusesDates(id, { schema });
    const t = await pgc.query(
      `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = $1 AND table_name = 'late_date'`,
      [schema],
    );
    expect(t.rows).toEqual([{ n: 0 }]);
  });

  it('reads the kind of a column the sample holds no value in from all its values (the exact path)', async () => {
    expect(await both(id, bigCsv({}, false, '7'), 'f7', 'e7', { schema })).toEqual(['exact']);
    await same('f7', 'e7');
    const kind = await pgc.query(
      `SELECT data_type FROM information_schema.columns WHERE table_schema = $1 AND table_name = 'f7' AND column_name = 'later'`,
      [schema],
    );
    expect(kind.rows).toEqual([{ data_type: 'bigint' }]);
    expect(await both(id, bigCsv({}, false, ''), 'f8', 'e8', { schema })).toEqual(['engine']);
    await same('f8', 'e8');
  });

  it('answers a ragged row past the sample with its line, and leaves no table', async () => {
    const csv = bigCsv({ extra: ',x,y' });
    const r = await upload(admin, id, 'csv', 'big.csv', csv, { table_name: 'ragged', schema });
    expect(r.status).toBe(422);
    expect(String(r.body.message)).toBe(`Line ${lastLine(csv)} has 6 values, but the file has 4 columns.`);
    const t = await pgc.query(
      `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = $1 AND table_name = 'ragged'`,
      [schema],
    );
    expect(t.rows).toEqual([{ n: 0 }]);
  });

  /** A form with its parts in the order given: `file` is the CSV. */
  const ordered = (csv: string, parts: [string, string][]): FormData => {
    const form = new FormData();
    for (const [k, v] of parts) {
      if (k === 'file') form.append('file', new Blob([csv]), 'big.csv');
      else form.append(k, v);
    }
    return form;
  };
  const csvUpload = (client: Client, form: FormData) =>
    client.postForm<{ result?: { rows: number }; message?: unknown }>(`/api/v1/database/${id}/csv_upload/`, form, { csrf: true });

  it('loads while the file arrives, whatever the order of the form: the file first, or a field after it', async () => {
    const csv = bigCsv();
    const watch = watchPaths();
    try {
      // the peer's page sends the file first: the load waits for the fields
      const first = await csvUpload(
        admin,
        ordered(csv, [
          ['file', ''],
          ['table_name', 'o1'],
          ['schema', schema],
        ]),
      );
      expect(first.status, first.text).toBe(201);
      expect(first.body.result?.rows).toBe(ROWS);
      // a field after the file changes the options the load began with: it loads again with it
      const late = await csvUpload(
        admin,
        ordered(csv, [
          ['table_name', 'o1'],
          ['schema', schema],
          ['file', ''],
          ['already_exists', 'append'],
        ]),
      );
      expect(late.status, late.text).toBe(201);
      expect(watch.paths).toEqual(['engine', 'engine']);
    } finally {
      watch.stop();
    }
    const n = await pgc.query(`SELECT count(*)::int AS n FROM ${schema}.o1`);
    expect(n.rows).toEqual([{ n: 2 * ROWS }]);
  });

  it('a file that passes the size limit while COPY reads it is refused, and leaves no table', async () => {
    const csv = bigCsv();
    const bytes = Buffer.byteLength(csv);
    const sampleBytes = Buffer.byteLength(
      csv
        .split('\n')
        .slice(0, SAMPLE_RECORDS + 1)
        .join('\n'),
    );
    const limit = Math.floor(bytes * 0.95);
    // COPY has begun (the sample is in) when the limit is passed
    expect(sampleBytes).toBeLessThan(limit);
    const small = await startTestServer({ RAMA_ALLOW_FILE_URIS: 'true', RAMA_UPLOAD_MAX_BYTES: String(limit) }, { examples: false });
    try {
      const owner = await small.admin();
      const r = await owner.post<{ id: number }>('/api/v1/database/', {
        database_name: `pg_small_${suffix}`,
        sqlalchemy_uri: pgTestUrl,
        allow_file_upload: true,
        extra: JSON.stringify({ schemas_allowed_for_file_upload: [schema] }),
      });
      expect(r.status, r.text).toBe(201);
      const res = await upload(owner, r.body.id, 'csv', 'big.csv', csv, { table_name: 'too_big', schema });
      expect(res.status).toBe(400);
      expect(res.body.message).toEqual({ file: ['File size exceeds the maximum allowed size.'] });
    } finally {
      await small.close();
    }
    const t = await pgc.query(
      `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = $1 AND table_name = 'too_big'`,
      [schema],
    );
    expect(t.rows).toEqual([{ n: 0 }]);
  });

  it('appends through a staging table and refuses an existing table with "fail"', async () => {
    const csv = bigCsv();
    expect((await upload(admin, id, 'csv', 'big.csv', csv, { table_name: 'f6', schema })).status).toBe(201);
    expect((await upload(admin, id, 'csv', 'big.csv', csv, { table_name: 'f6', schema })).status).toBe(422);
    expect((await upload(admin, id, 'csv', 'big.csv', csv, { table_name: 'f6', schema, already_exists: 'append' })).status).toBe(201);
    const n = await pgc.query(`SELECT count(*)::int AS n, count(DISTINCT seen)::int AS d FROM ${schema}.f6`);
    expect(n.rows[0].n).toBe(2 * ROWS);
  });
});
