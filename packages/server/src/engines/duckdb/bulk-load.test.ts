import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { parseDateText, type UploadColumnKind } from '@rama/shared';
import { converted, literalNulls, readCsvSql } from './bulk-load.js';
import type { CsvFileLoadRequest } from '../types.js';

/**
 * The DuckDB upload's conversion takes a value DuckDB writes back exactly as it was (`12`,
 * `2024-01-05 10:00:00`) without the kind's pattern; that shortcut must take nothing the pattern
 * refuses and store nothing else than the pattern's cast would.
 */
const TYPES: Record<Exclude<UploadColumnKind, 'string' | 'boolean'>, string> = {
  integer: 'BIGINT',
  float: 'DOUBLE',
  datetime: 'TIMESTAMP',
};

const VALUES: Record<keyof typeof TYPES, string[]> = {
  integer: [
    '0',
    '12',
    '-12',
    '+12',
    '007',
    '-0',
    ' 3',
    '3 ',
    '1.5',
    '1.0',
    '1_000',
    '1e3',
    '0x10',
    '9223372036854775807',
    '9223372036854775808',
    '-9223372036854775808',
    'abc',
    '',
  ],
  float: [
    '0',
    '0.0',
    '-0.0',
    '1.5',
    '123.4',
    '100.0',
    '1e20',
    '1e+20',
    '1.5e-07',
    '0.0001',
    '.5',
    '5.',
    'nan',
    'NaN',
    'inf',
    '-inf',
    'infinity',
    '1e400',
    '4.9e-324',
    '1_000.5',
    '0x10',
    ' 2.5',
    'abc',
  ],
  datetime: [
    '2024-01-05 10:00:00',
    '2024-01-05',
    '2024-01-05T10:00:00',
    '2024-01-05 10:00',
    '2024-01-05 10:00:00.1',
    '2024-01-05 10:00:00.123',
    '2024-01-05 10:00:00.1234',
    '2024-01-05 10:00:00.123456',
    '2024-1-5 10:00:00',
    '2024/01/05 10:00:00',
    '2024-01-05 10:00:00+02:00',
    '10000-01-01 00:00:00',
    '0001-01-01 00:00:00',
    'infinity',
    '-infinity',
    'epoch',
    '2024-02-30 00:00:00',
  ],
};

let instance: DuckDBInstance;
let c: DuckDBConnection;

beforeAll(async () => {
  instance = await DuckDBInstance.create(':memory:');
  c = await instance.connect();
});
afterAll(() => {
  c.closeSync();
  instance.closeSync();
});

/** The expression's value as text, or `refused` when it stops the query. */
async function read(expr: string, value: string, type: string): Promise<string> {
  const sql = `SELECT CAST((${expr}) AS VARCHAR) FROM (SELECT c0, TRY_CAST(c0 AS ${type}) AS x0 FROM (SELECT $1::VARCHAR AS c0))`;
  try {
    const reader = await c.runAndReadAll(sql, [value]);
    return String(reader.getRows()[0][0]);
  } catch {
    return 'refused';
  }
}

describe('DuckDB upload conversion (CSV read by the database)', () => {
  for (const kind of Object.keys(TYPES) as (keyof typeof TYPES)[]) {
    it(`takes a ${kind} written as DuckDB writes it only where the ${kind} pattern does, with the same value`, async () => {
      const type = TYPES[kind];
      const shortcut: Record<string, string> = {};
      const pattern: Record<string, string> = {};
      for (const v of VALUES[kind]) {
        shortcut[v] = await read(converted(kind, 'c0', 'x0'), v, type);
        // a cast that is never written back as the text: the pattern decides every value
        pattern[v] = await read(converted(kind, 'c0', `CAST(NULL AS ${type})`), v, type);
      }
      expect(shortcut).toEqual(pattern);
      // and the pattern is what it was: these stay refused
      const refused = {
        integer: ['1.5', '1_000', '1e3', '0x10'],
        float: ['nan', 'inf', '1_000.5', '0x10'],
        datetime: ['infinity', '10000-01-01 00:00:00', '2024-01-05 10:00:00.1234', '2024-1-5 10:00:00', '2024-01-05 10:00:00+02:00'],
      }[kind];
      for (const v of refused) expect(pattern[v], v).toBe('refused');
    });
  }

  it('takes only datetimes Rama reads, as the same instant (DuckDB reads 24:00 as the next day and year 0 as 1 BC)', async () => {
    const more = [
      '2024-01-05 24:00:00',
      '2024-01-05 24:00',
      '0000-01-05 10:00:00',
      '0000-01-05',
      '2024-01-05 10:00:60',
      '2024-01-05 23:59:59.999',
    ];
    let taken = 0;
    for (const v of [...VALUES.datetime, ...more]) {
      const got = await read(converted('datetime', 'c0', 'x0'), v, 'TIMESTAMP');
      if (got === 'refused') continue;
      taken++;
      const rama = parseDateText(v, false);
      expect(rama, v).not.toBeNull();
      expect(new Date(`${got.replace(' ', 'T')}Z`).getTime(), v).toBe(rama?.getTime());
    }
    expect(taken).toBeGreaterThan(5);
  });

  it('reads the null spellings as null in every kind, also one the kind would take as a value', async () => {
    const nulls = literalNulls(['NA', 'null', 'nan', '-1', '2024-01-05 10:00:00', 'True']);
    for (const kind of Object.keys(TYPES) as (keyof typeof TYPES)[]) {
      const type = TYPES[kind];
      for (const v of [...VALUES[kind], ...nulls.texts]) {
        const expected = nulls.texts.includes(v) ? 'null' : await read(converted(kind, 'c0', 'x0'), v, type);
        expect(await read(converted(kind, 'c0', 'x0', nulls), v, type), `${kind} ${v}`).toBe(expected);
      }
    }
    // text and booleans too
    expect(await read(converted('string', 'c0', 'x0', nulls), 'NA', 'VARCHAR')).toBe('null');
    expect(await read(converted('string', 'c0', 'x0', nulls), 'NB', 'VARCHAR')).toBe('NB');
    expect(await read(converted('boolean', 'c0', 'x0', nulls), 'True', 'VARCHAR')).toBe('null');
    expect(await read(converted('boolean', 'c0', 'x0', nulls), 'false', 'VARCHAR')).toBe('false');
  });

  it('takes a float of digits, points and minus signs without the pattern only where the pattern takes it', async () => {
    // every text of up to eight of `0 1 . -` and of up to five of those and `e _ + x` and a space
    // (a digit stands for any digit): the shortcut's value where it takes one is the pattern's
    const texts = async (alphabet: string[], longest: number): Promise<number> => {
      await c.run(`CREATE OR REPLACE TEMP TABLE ch AS SELECT unnest([${alphabet.map((a) => `'${a}'`).join(', ')}]) AS ch`);
      await c.run('CREATE OR REPLACE TEMP TABLE texts AS SELECT ch AS s FROM ch');
      for (let n = 2; n <= longest; n++) await c.run(`INSERT INTO texts SELECT t.s || ch.ch FROM texts t, ch WHERE length(t.s) = ${n - 1}`);
      const taken = (cast: string) =>
        `SELECT s, CAST(${converted('float', 's', cast).replace(/error\('[^']*'\)/g, 'NULL')} AS VARCHAR) AS v FROM texts`;
      const differ = await c.runAndReadAll(
        `SELECT count(*) FROM ((${taken('TRY_CAST(s AS DOUBLE)')}) EXCEPT ALL (${taken('CAST(NULL AS DOUBLE)')}))`,
      );
      expect(differ.getRows()).toEqual([[0n]]);
      return Number((await c.runAndReadAll('SELECT count(*) FILTER (WHERE TRY_CAST(s AS DOUBLE) IS NOT NULL) FROM texts')).getRows()[0][0]);
    };
    expect(await texts(['0', '1', '.', '-'], 8)).toBeGreaterThan(3000);
    expect(await texts(['0', '1', '.', '-', 'e', '_', '+', 'x', ' '], 5)).toBeGreaterThan(1000);
  });

  it("writes the null spellings once in the load's query, whatever the number of columns", () => {
    // the form allows 1,000 spellings and the file 1,000 columns: not their product in the SQL
    const texts = Array.from({ length: 1000 }, (_, i) => `${i}`.padStart(60, 'x'));
    const kinds = ['string', 'integer', 'float', 'datetime', 'boolean'] as const;
    const columns = Array.from({ length: 1000 }, (_, i) => ({ name: `c${i}`, kind: kinds[i % kinds.length] }));
    const req = {
      table: { schema: null, name: 't', columns },
      file: { delimiter: ',', header: true, nullValues: ['', ...texts, '-1'], valueless: columns.map((_, i) => i % 7 === 0) },
    } as unknown as CsvFileLoadRequest;
    const sql = readCsvSql(req, '/tmp/x.csv');
    const listBytes = texts.join().length;
    expect(sql.length).toBeLessThan(listBytes * 1.2 + 1000 * 1000);
    expect(sql.split(texts[0]).length - 1).toBe(1);
  });
});
