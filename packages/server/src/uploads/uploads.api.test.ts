/**
 * Uploading CSV, Excel and Parquet files into a DuckDB database: the table and its dataset, the
 * options, `upload_metadata`, clear errors for bad files, and who may upload where.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { loginAs } from '../test-support/sqllab-fixtures.js';
import { strToU8, zipSync } from 'fflate';
import { XLS_REFUSED } from '@rama/shared';
import { parquetOf, postUpload, rowsOf, upload, workbook } from '../test-support/uploads.js';

const MAX_BYTES = 256 * 1024;
let server: TestServer;
let admin: Client;
let dbId: number;
let closedId: number;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rama-upload-duck-'));
  server = await startTestServer({ RAMA_ALLOW_FILE_URIS: 'true', RAMA_UPLOAD_MAX_BYTES: String(MAX_BYTES) }, { examples: false });
  admin = await server.admin();
  const make = async (name: string, body: Record<string, unknown>) => {
    const r = await admin.post<{ id: number }>('/api/v1/database/', {
      database_name: name,
      sqlalchemy_uri: `duckdb:///${join(dir, `${name}.duckdb`)}`,
      expose_in_sqllab: true,
      ...body,
    });
    expect(r.status, r.text).toBe(201);
    return r.body.id;
  };
  dbId = await make('uploads', { allow_file_upload: true, extra: JSON.stringify({ schemas_allowed_for_file_upload: [] }) });
  closedId = await make('closed', { allow_file_upload: false });
});

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const FLIGHTS =
  'id,carrier,delay,departed,note\n1,AA,12.5,2024-01-02 10:00:00,on time\n2,UA,-3,2024-01-03,\n3,AA,7,2024-01-04 08:30:00,late\n';

describe('CSV upload into DuckDB', () => {
  it('creates the table with typed columns and a dataset on it', async () => {
    const r = await upload(admin, dbId, 'csv', 'flights.csv', FLIGHTS, { table_name: 'flights', column_dates: 'departed' });
    expect(r.status, r.text).toBe(201);
    expect(r.body.message).toBe('OK');
    expect(r.body.result).toMatchObject({ table_name: 'flights', schema: null, rows: 3 });
    const rows = await rowsOf(admin, dbId, 'SELECT id, carrier, delay, departed, note FROM flights ORDER BY id');
    expect(rows).toEqual([
      { id: 1, carrier: 'AA', delay: 12.5, departed: '2024-01-02T10:00:00', note: 'on time' },
      { id: 2, carrier: 'UA', delay: -3, departed: '2024-01-03T00:00:00', note: null },
      { id: 3, carrier: 'AA', delay: 7, departed: '2024-01-04T08:30:00', note: 'late' },
    ]);
    const ds = await admin.get<{ result: { table_name: string; columns: { column_name: string; type: string; is_dttm: boolean }[] } }>(
      `/api/v1/dataset/${r.body.result?.dataset_id}`,
    );
    expect(ds.status, ds.text).toBe(200);
    expect(ds.body.result.table_name).toBe('flights');
    const cols = Object.fromEntries(ds.body.result.columns.map((c) => [c.column_name, c]));
    expect(cols.id.type).toBe('BIGINT');
    expect(cols.delay.type).toBe('DOUBLE');
    expect(cols.departed.is_dttm).toBe(true);
  });

  it('reads the options: delimiter, decimal character, null values, skipped rows, columns, index', async () => {
    const csv = 'exported by a tool\nname;amount;code;idx\nab;1,5;X;10\ncd;NA;-;11\n';
    const r = await upload(admin, dbId, 'csv', 'opts.csv', csv, {
      table_name: 'opts',
      delimiter: ';',
      decimal_character: ',',
      null_values: 'NA,-',
      skip_rows: '1',
      columns_read: 'name,amount,code,idx',
      index_column: 'idx',
      dataframe_index: 'true',
      index_label: 'row_id',
    });
    expect(r.status, r.text).toBe(201);
    expect(await rowsOf(admin, dbId, 'SELECT * FROM opts ORDER BY row_id')).toEqual([
      { row_id: 10, name: 'ab', amount: 1.5, code: 'X' },
      { row_id: 11, name: 'cd', amount: null, code: null },
    ]);
  });

  it('takes the newer /upload/ route with a type, and reads only rows_to_read rows', async () => {
    const r = await postUpload(admin, `/api/v1/database/${dbId}/upload/`, 'f.csv', FLIGHTS, {
      type: 'csv',
      table_name: 'first_two',
      rows_to_read: '2',
    });
    expect(r.status, r.text).toBe(201);
    expect(r.body.result?.rows).toBe(2);
    expect(await rowsOf(admin, dbId, 'SELECT count(*) AS n FROM first_two')).toEqual([{ n: 2 }]);
    const noType = await postUpload(admin, `/api/v1/database/${dbId}/upload/`, 'f.csv', FLIGHTS, { table_name: 'x' });
    expect(noType.status).toBe(400);
    expect(noType.body.message).toEqual({ type: ['Must be one of: csv, excel, columnar.'] });
  });

  it('refuses a table that exists with "fail", replaces it with "replace" and adds rows with "append"', async () => {
    const first = await upload(admin, dbId, 'csv', 'kv.csv', 'k,v\na,1\n', { table_name: 'kv' });
    expect(first.status, first.text).toBe(201);
    const again = await upload(admin, dbId, 'csv', 'kv.csv', 'k,v\nb,2\n', { table_name: 'kv' });
    expect(again.status).toBe(422);
    expect(String(again.body.message)).toMatch(/already exists/);
    const appended = await upload(admin, dbId, 'csv', 'kv.csv', 'k,v\nb,2\n', { table_name: 'kv', already_exists: 'append' });
    expect(appended.status, appended.text).toBe(201);
    expect(appended.body.result?.dataset_id).toBe(first.body.result?.dataset_id);
    expect(await rowsOf(admin, dbId, 'SELECT k, v FROM kv ORDER BY k')).toEqual([
      { k: 'a', v: 1 },
      { k: 'b', v: 2 },
    ]);
    const replaced = await upload(admin, dbId, 'csv', 'kv.csv', 'k,w\nz,9.5\n', { table_name: 'kv', already_exists: 'replace' });
    expect(replaced.status, replaced.text).toBe(201);
    expect(await rowsOf(admin, dbId, 'SELECT * FROM kv')).toEqual([{ k: 'z', w: 9.5 }]);
    const ds = await admin.get<{ result: { columns: { column_name: string }[] } }>(`/api/v1/dataset/${replaced.body.result?.dataset_id}`);
    expect(ds.body.result.columns.map((c) => c.column_name).sort()).toEqual(['k', 'w']);
  });

  it('leaves the table as it was when an append fails in the database', async () => {
    expect((await upload(admin, dbId, 'csv', 'nums.csv', 'n\n1\n2\n', { table_name: 'nums' })).status).toBe(201);
    const bad = await upload(admin, dbId, 'csv', 'nums.csv', 'n\n3\nnot a number\n', { table_name: 'nums', already_exists: 'append' });
    expect(bad.status).toBe(422);
    expect(await rowsOf(admin, dbId, 'SELECT n FROM nums ORDER BY n')).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('names the line of a ragged row and creates nothing', async () => {
    const r = await upload(admin, dbId, 'csv', 'ragged.csv', 'a,b\n1,2\n3,4\n5,6,7\n', { table_name: 'ragged' });
    expect(r.status).toBe(422);
    expect(String(r.body.message)).toMatch(/Line 4 has 3 values, but the file has 2 columns/);
    const tables = await rowsOf(admin, dbId, "SELECT count(*) AS n FROM information_schema.tables WHERE table_name = 'ragged'");
    expect(Number(tables[0].n)).toBe(0);
  });

  it('says when the delimiter looks wrong', async () => {
    const r = await upload(admin, dbId, 'csv', 'semi.csv', 'a;b\n1;2\n', { table_name: 'semi' });
    expect(r.status).toBe(422);
    expect(String(r.body.message)).toMatch(/Choose ";" as the delimiter/);
  });

  it('names the value and line that is not a date', async () => {
    const r = await upload(admin, dbId, 'csv', 'd.csv', 'd\n2024-01-01\nsoon\n', { table_name: 'dates', column_dates: 'd' });
    expect(r.status).toBe(422);
    expect(String(r.body.message)).toMatch(/Line 3, column "d": "soon" is not a date/);
  });

  it('refuses a file over RAMA_UPLOAD_MAX_BYTES while it streams', async () => {
    const big = 'a,b\n' + '1234567890,abcdefghij\n'.repeat(Math.ceil(MAX_BYTES / 20));
    const r = await upload(admin, dbId, 'csv', 'big.csv', big, { table_name: 'big' });
    expect(r.status).toBe(400);
    expect(r.body.message).toEqual({ file: ['File size exceeds the maximum allowed size.'] });
  });

  it('checks the form: table name characters, unknown fields, the extension', async () => {
    const bad = await upload(admin, dbId, 'csv', 'x.csv', 'a\n1\n', { table_name: 'x"; DROP TABLE y; --', bogus: '1' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.message as object).sort()).toEqual(['bogus', 'table_name']);
    const ext = await upload(admin, dbId, 'csv', 'x.exe', 'a\n1\n', { table_name: 'x' });
    expect(ext.status).toBe(400);
    expect(ext.body.message).toEqual({ file: ['File extension is not allowed.'] });
  });
});

describe('Excel and Parquet uploads into DuckDB', () => {
  it('loads the named sheet, and names the sheets there are when one is missing', async () => {
    const xlsx = await workbook({
      Intro: [['nothing here']],
      Sales: [
        ['region', 'amount', 'day'],
        ['north', 10, new Date(Date.UTC(2024, 0, 5))],
        ['south', 2.5, null],
      ],
    });
    const r = await upload(admin, dbId, 'excel', 'sales.xlsx', xlsx, { table_name: 'sales', sheet_name: 'Sales' });
    expect(r.status, r.text).toBe(201);
    expect(await rowsOf(admin, dbId, 'SELECT region, amount, day FROM sales ORDER BY region')).toEqual([
      { region: 'north', amount: 10, day: '2024-01-05T00:00:00' },
      { region: 'south', amount: 2.5, day: null },
    ]);
    const missing = await upload(admin, dbId, 'excel', 'sales.xlsx', xlsx, { table_name: 'sales2', sheet_name: 'Costs' });
    expect(missing.status).toBe(422);
    expect(String(missing.body.message)).toBe('Worksheet named "Costs" not found. The workbook has: "Intro", "Sales".');
  });

  it("refuses a workbook that unpacks past the bound, before reading it, and a row past Excel's last", async () => {
    // a real workbook whose zip directory says its shared text unpacks to 200 MB (a "zip bomb")
    const bomb = Buffer.from(await workbook({ Sheet1: [['a'], ['b']] }));
    const dirAt = bomb.readUInt32LE(bomb.length - 22 + 16);
    let patched = 0;
    for (let at = dirAt; at < bomb.length - 22 && bomb.readUInt32LE(at) === 0x02014b50;) {
      const nameLength = bomb.readUInt16LE(at + 28);
      const name = bomb.toString('utf8', at + 46, at + 46 + nameLength);
      if (name === 'xl/sharedStrings.xml') {
        bomb.writeUInt32LE(200 * 1024 * 1024, at + 24);
        patched++;
      }
      at += 46 + nameLength + bomb.readUInt16LE(at + 30) + bomb.readUInt16LE(at + 32);
    }
    expect(patched).toBe(1);
    const refused = await upload(admin, dbId, 'excel', 'bomb.xlsx', new Uint8Array(bomb), { table_name: 'bomb' });
    expect(refused.status).toBe(422);
    expect(String(refused.body.message)).toMatch(/^The workbook unpacks to more than Rama reads/);
    // a sheet whose only row claims a number past 1,048,576: refused, not filled with blank rows
    const tall = await workbook({ Sheet1: [['x']] }, { startRow: 2_000_000 });
    const past = await upload(admin, dbId, 'excel', 'tall.xlsx', tall, { table_name: 'tall' });
    expect(past.status).toBe(422);
    expect(String(past.body.message)).toBe("Row 2000000 is past Excel's last row (1048576).");
  });

  it('loads a Parquet file with its own types', async () => {
    const file = await parquetOf(
      "SELECT i::INTEGER AS i, i * 1.5 AS x, 'n' || i AS s, DATE '2024-01-01' + i::INTEGER AS d FROM range(5) t(i)",
    );
    const r = await upload(admin, dbId, 'columnar', 'data.parquet', file, { table_name: 'pq', columns_read: 'i,x,d' });
    expect(r.status, r.text).toBe(201);
    expect(r.body.result?.rows).toBe(5);
    const rows = await rowsOf(admin, dbId, 'SELECT * FROM pq ORDER BY i');
    expect(rows[4]).toEqual({ i: 4, x: 6, d: '2024-01-05T00:00:00' });
    const bad = await upload(admin, dbId, 'columnar', 'bad.parquet', 'not parquet at all', { table_name: 'pq2' });
    expect(bad.status).toBe(422);
    expect(String(bad.body.message)).toMatch(/Parquet/);
  });

  it('loads a zip of Parquet files with the same columns as one table, and refuses other zips by name', async () => {
    const part = (from: number) => parquetOf(`SELECT i::BIGINT AS i, 'n' || i AS s FROM range(${from}, ${from + 100}) t(i)`);
    const zip = zipSync({
      'parts/a.parquet': [await part(0), { level: 0 }],
      'parts/b.parquet': [await part(100), { level: 6 }],
      'parts/': new Uint8Array(0),
      '__MACOSX/parts/._a.parquet': new Uint8Array([1, 2, 3]),
    });
    const r = await upload(admin, dbId, 'columnar', 'parts.zip', zip, { table_name: 'pqzip' });
    expect(r.status, r.text).toBe(201);
    expect(r.body.result?.rows).toBe(200);
    expect(await rowsOf(admin, dbId, 'SELECT count(*) AS n, sum(i) AS t, max(s) AS m FROM pqzip')).toEqual([
      { n: 200, t: 19900, m: 'n99' },
    ]);

    const withCsv = zipSync({ 'a.parquet': await part(0), 'notes.csv': strToU8('a\n1\n') });
    const other = await upload(admin, dbId, 'columnar', 'mixed.zip', withCsv, { table_name: 'pqzip2' });
    expect(other.status).toBe(422);
    expect(other.body.message).toBe('The zip holds "notes.csv", which is not a Parquet file (.parquet).');

    const differ = zipSync({ 'a.parquet': await part(0), 'b.parquet': await parquetOf('SELECT 1.5 AS x') });
    const mismatch = await upload(admin, dbId, 'columnar', 'differ.zip', differ, { table_name: 'pqzip3' });
    expect(mismatch.status).toBe(422);
    expect(String(mismatch.body.message)).toMatch(/cannot be read as one table/);

    // a directory that understates an entry's size: unpacking stops at the size it gave
    const lying = Buffer.from(zipSync({ 'a.parquet': [await part(0), { level: 6 }] }));
    const dirAt = lying.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    lying.writeUInt32LE(10, dirAt + 24);
    const bomb = await upload(admin, dbId, 'columnar', 'lying.zip', new Uint8Array(lying), { table_name: 'pqzip4' });
    expect(bomb.status).toBe(422);
    expect(bomb.body.message).toBe('The file cannot be read as a zip of Parquet files.');
    expect(await rowsOf(admin, dbId, "SELECT count(*) AS n FROM information_schema.tables WHERE table_name LIKE 'pqzip_'")).toEqual([
      { n: 0 },
    ]);
  });

  it('says how to upload an Excel 97-2003 workbook (.xls)', async () => {
    const r = await upload(admin, dbId, 'excel', 'old.xls', new Uint8Array([0xd0, 0xcf, 0x11, 0xe0]), { table_name: 'xls' });
    expect(r.status).toBe(400);
    expect(r.body.message).toEqual({ file: [XLS_REFUSED] });
  });
});

describe('upload_metadata', () => {
  const meta = (fileName: string, content: string | Uint8Array, fields: Record<string, string>) =>
    postUpload(admin, '/api/v1/database/upload_metadata/', fileName, content, fields);

  it('describes a CSV file: columns, their types and the first rows', async () => {
    const r = await meta('flights.csv', FLIGHTS, { type: 'csv' });
    expect(r.status, r.text).toBe(200);
    expect(r.body.result).toEqual({
      items: [
        {
          sheet_name: null,
          column_names: ['id', 'carrier', 'delay', 'departed', 'note'],
          column_types: ['integer', 'string', 'float', 'string', 'string'],
          sample_rows: [
            ['1', 'AA', '12.5', '2024-01-02 10:00:00', 'on time'],
            ['2', 'UA', '-3', '2024-01-03', null],
            ['3', 'AA', '7', '2024-01-04 08:30:00', 'late'],
          ],
        },
      ],
    });
  });

  it('refuses a ragged CSV row in the first rows as the upload does, rather than showing a column the load would not make', async () => {
    const r = await meta('ragged.csv', 'a,b\n1,2\n3,4,5\n', { type: 'csv' });
    expect(r.status, r.text).toBe(422);
    expect(r.body.message).toBe('Line 3 has 3 values, but the file has 2 columns.');
    // extra empty values are dropped, as the load drops them
    const trailing = await meta('trailing.csv', 'a,b\n1,2,\n', { type: 'csv' });
    expect(trailing.status, trailing.text).toBe(200);
    expect((trailing.body.result as unknown as { items: { column_names: string[] }[] }).items[0].column_names).toEqual(['a', 'b']);
  });

  it('lists every sheet of a workbook', async () => {
    const xlsx = await workbook({
      One: [
        ['a', 'b'],
        [1, 2],
      ],
      Two: [['c'], ['x']],
    });
    const r = await meta('book.xlsx', xlsx, { type: 'excel' });
    expect(r.status, r.text).toBe(200);
    const items = (r.body.result as unknown as { items: { sheet_name: string; column_names: string[] }[] }).items;
    expect(items.map((i) => [i.sheet_name, i.column_names])).toEqual([
      ['One', ['a', 'b']],
      ['Two', ['c']],
    ]);
  });

  it('describes a Parquet file', async () => {
    const file = await parquetOf('SELECT 1::BIGINT AS a, true AS b');
    const r = await meta('x.parquet', file, { type: 'columnar' });
    expect(r.status, r.text).toBe(200);
    expect(r.body.result).toEqual({
      items: [{ sheet_name: null, column_names: ['a', 'b'], column_types: ['integer', 'boolean'], sample_rows: [['1', 'true']] }],
    });
  });
});

describe('who may upload where', () => {
  it('refuses a database without allow_file_upload, and answers a missing one as one the user may not see', async () => {
    const closed = await upload(admin, closedId, 'csv', 'a.csv', 'a\n1\n', { table_name: 'a' });
    expect(closed.status).toBe(403);
    expect(closed.body.message).toBe('Database schema is not allowed for csv uploads.');
    const missing = await upload(admin, 999999, 'csv', 'a.csv', 'a\n1\n', { table_name: 'a' });
    expect(missing.status).toBe(404);
    const dana = await loginAs(server, 'dana', ['Gamma'], [['can_csv_upload', 'Database']]);
    const hidden = await upload(dana.client, dbId, 'csv', 'a.csv', 'a\n1\n', { table_name: 'a' });
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual(missing.body);
    const gus = await loginAs(server, 'gus', ['Gamma']);
    expect((await upload(gus.client, dbId, 'csv', 'a.csv', 'a\n1\n', { table_name: 'a' })).status).toBe(403);
  });

  it('uploads only into the schemas the database lists for uploads', async () => {
    const put = await admin.put(`/api/v1/database/${dbId}`, { extra: JSON.stringify({ schemas_allowed_for_file_upload: ['staging'] }) });
    expect(put.status, put.text).toBe(200);
    try {
      const main = await upload(admin, dbId, 'csv', 'a.csv', 'a\n1\n', { table_name: 'a', schema: 'main' });
      expect(main.status).toBe(403);
      await rowsOf(admin, dbId, 'SELECT 1').catch(() => undefined);
      const create = await admin.put(`/api/v1/database/${dbId}`, { allow_dml: true });
      expect(create.status).toBe(200);
      await admin.post('/api/v1/sqllab/execute/', { database_id: dbId, sql: 'CREATE SCHEMA IF NOT EXISTS staging' });
      const staging = await upload(admin, dbId, 'csv', 'a.csv', 'a\n1\n', { table_name: 'a', schema: 'staging' });
      expect(staging.status, staging.text).toBe(201);
      expect(staging.body.result?.schema).toBe('staging');
      expect(await rowsOf(admin, dbId, 'SELECT a FROM staging.a')).toEqual([{ a: 1 }]);
    } finally {
      await admin.put(`/api/v1/database/${dbId}`, { allow_dml: false, extra: JSON.stringify({ schemas_allowed_for_file_upload: [] }) });
    }
  });

  it('loads into SQLite too (batched inserts in one transaction)', async () => {
    // an empty file is an empty SQLite database (Rama does not create database files)
    writeFileSync(join(dir, 'up.sqlite'), '');
    const r = await admin.post<{ id: number }>('/api/v1/database/', {
      database_name: 'sqlite uploads',
      sqlalchemy_uri: `sqlite:///${join(dir, 'up.sqlite')}`,
      expose_in_sqllab: true,
      allow_file_upload: true,
    });
    expect(r.status, r.text).toBe(201);
    const up = await upload(admin, r.body.id, 'csv', 'kv.csv', "k,v\na,1.5\n'b',\n", { table_name: 'kv' });
    expect(up.status, up.text).toBe(201);
    expect(await rowsOf(admin, r.body.id, 'SELECT k, v FROM kv ORDER BY k')).toEqual([
      { k: "'b'", v: null },
      { k: 'a', v: 1.5 },
    ]);
    const again = await upload(admin, r.body.id, 'csv', 'kv.csv', 'k,v\nc,2\n', { table_name: 'kv' });
    expect(again.status).toBe(422);
    expect(String(again.body.message)).toMatch(/already exists/);
  });

  it('reports supports_file_upload for engines with a bulk loader', async () => {
    const r = await admin.get<{ result: { engine_information: { supports_file_upload: boolean } } }>(`/api/v1/database/${dbId}`);
    expect(r.body.result.engine_information.supports_file_upload).toBe(true);
  });
});
