import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DiskResultsBackend, readAll, takeRowsStream } from './results.js';
import { JsonRowsSink } from './sink.js';
import { rowJsonToCsv, rowsTextToCsv } from '../execution/formats/csv-lines.js';
import type { ResultColumn } from '../engines/types.js';

async function* chunks(...parts: string[]): AsyncGenerator<string> {
  for (const p of parts) yield p;
}

const body = ['{"a":1}', '{"a":"x,\\ny"}', '{"a":3}'].join(',\n');

describe('stored results', () => {
  it('takes the first n rows by counting newlines, whatever the chunk boundaries', async () => {
    for (let cut = 1; cut < body.length; cut++) {
      const state = { truncated: false };
      const text = await readAll(takeRowsStream(chunks(body.slice(0, cut), body.slice(cut)), 2, state));
      expect(text, `cut at ${cut}`).toBe('{"a":1},\n{"a":"x,\\ny"}');
      expect(state.truncated).toBe(true);
    }
    const all = { truncated: false };
    expect(await readAll(takeRowsStream(chunks(body), 3, all))).toBe(body);
    expect(all.truncated).toBe(false);
    expect(await readAll(takeRowsStream(chunks(body), null, all))).toBe(body);
    const none = { truncated: false };
    expect(await readAll(takeRowsStream(chunks(body), 0, none))).toBe('');
    expect(none.truncated).toBe(true);
    expect(JSON.parse(`[${await readAll(takeRowsStream(chunks(body), 2, { truncated: false }))}]`)).toEqual([{ a: 1 }, { a: 'x,\ny' }]);
  });

  it('the disk backend writes compressed rows as they come, keeps them for their time-to-live and refuses unsafe keys', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'rama-results-')), 'results');
    const backend = new DiskResultsBackend(dir);
    const w = backend.create('abcdef0123456789', 60);
    await w.write('{"a":1}');
    await w.write('{"a":2},\n{"a":3}');
    // not readable before it is finished
    expect(await backend.open('abcdef0123456789')).toBeNull();
    await w.finish('{"h":1}');
    const stored = await backend.open('abcdef0123456789');
    expect(stored?.meta).toBe('{"h":1}');
    expect(await readAll(stored!.rows)).toBe('{"a":1},\n{"a":2},\n{"a":3}');
    expect(readdirSync(dir).some((f) => f.endsWith('.gz'))).toBe(true);
    await backend.expireNow('abcdef0123456789');
    expect(await backend.open('abcdef0123456789')).toBeNull();
    expect(() => backend.create('../../etc/passwd', 60)).toThrow(/Invalid results key/);
  });

  it('the disk backend drops the oldest results when over its size cap', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'rama-results-')), 'results');
    const backend = new DiskResultsBackend(dir, 1);
    for (const key of ['aaaaaaaa1', 'aaaaaaaa2']) {
      const w = backend.create(key, 60);
      await w.write('{"a":1}');
      await w.finish('{}');
      await new Promise((r) => setTimeout(r, 5));
    }
    await backend.sweep();
    expect(await backend.open('aaaaaaaa1')).toBeNull();
  });
});

const cols = (names: string[]): ResultColumn[] =>
  names.map((n) => ({ column_name: n, name: n, type: 'VARCHAR', type_generic: 1, is_dttm: false }));

describe('the row sink', () => {
  it('keeps `limit` rows and counts the extra one that says more were available', async () => {
    const out: string[] = [];
    const sink = new JsonRowsSink(3, 1e9, [(t) => void out.push(t)]);
    sink.columns(cols(['a']));
    await sink.rows([['1'], ['2']]);
    await sink.rows([['3'], ['4']]);
    expect(out.join(',\n')).toBe('{"a":"1"},\n{"a":"2"},\n{"a":"3"}');
    expect(sink.rowCount).toBe(3);
    expect(sink.fetched).toBe(4);
    expect(sink.bytesLimited).toBe(false);
  });

  it('stops at SQL_MAX_RESULT_BYTES and says so', async () => {
    const out: string[] = [];
    const sink = new JsonRowsSink(1000, 50, [(t) => void out.push(t)]);
    sink.columns(cols(['a']));
    const more = await sink.rows(Array.from({ length: 10 }, () => ['xxxxxxxxxx']));
    expect(more).toBe(false);
    expect(sink.bytesLimited).toBe(true);
    expect(sink.rowCount).toBe(2);
    expect(Buffer.byteLength(out.join(',\n'))).toBeLessThanOrEqual(50);
  });

  it('hands a large batch over in short pieces that join to the same text', async () => {
    const out: string[] = [];
    const sink = new JsonRowsSink(100_000, 1e9, [(t) => void out.push(t)]);
    sink.columns(cols(['a']));
    const batch = Array.from({ length: 5000 }, (_, i) => [`${'é'.repeat(i % 50)}${i}`]);
    await sink.rows(batch.slice(0, 3000));
    await sink.rows(batch.slice(3000));
    // under V8's large-object size (a longer string is only freed by a full collection)
    expect(out.length).toBeGreaterThan(2);
    for (const piece of out) expect(piece.length).toBeLessThanOrEqual(48 * 1024);
    const text = out.join(',\n');
    expect(text).toBe(batch.map(([v]) => JSON.stringify({ a: v })).join(',\n'));
    expect(sink.rowCount).toBe(5000);
    expect(sink.bytes).toBe(Buffer.byteLength(text));
  });

  it('counts the bytes of the stored text, separators between batches and pieces included', async () => {
    const out: string[] = [];
    // each row is 18 bytes, 20 with its separator: 1 + 3 rows is 18 + 3 * 20 = 78 bytes
    const sink = new JsonRowsSink(1000, 78, [(t) => void out.push(t)]);
    sink.columns(cols(['a']));
    expect(await sink.rows([['xxxxxxxxxx']])).toBe(true);
    expect(await sink.rows(Array.from({ length: 5 }, () => ['xxxxxxxxxx']))).toBe(false);
    expect(sink.rowCount).toBe(4);
    expect(sink.bytes).toBe(78);
    expect(Buffer.byteLength(out.join(',\n'))).toBe(78);
  });
});

describe('CSV from stored rows', () => {
  it('keeps exact digits, escapes formulas and quotes', async () => {
    expect(rowJsonToCsv('{"id":9007199254740993,"s":"=cmd()","n":null,"b":true,"q":"a \\"b\\", c","neg":-5}')).toBe(
      '9007199254740993,\'=cmd(),,true,"a ""b"", c",-5\r\n',
    );
    const csv = await readAll(rowsTextToCsv(chunks('{"a":1},\n{"a', '":"x,\\ny"},\n{"a":3}')));
    expect(csv).toBe('1\r\n"x,\ny"\r\n3\r\n');
  });
});
