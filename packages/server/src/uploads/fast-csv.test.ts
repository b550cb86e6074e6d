import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cellRules, parseUploadOptions } from '@rama/shared';
import { ArrivingFile } from './form.js';
import { SAMPLE_RECORDS, sampleCsv } from './fast-csv.js';

const dir = mkdtempSync(join(tmpdir(), 'rama-sample-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A CSV file of `header` and then `rows` lines made by `line(i)`, sampled with these fields. */
async function sampled(name: string, header: string, rows: number, line: (i: number) => string, fields: Record<string, string> = {}) {
  const path = join(dir, name);
  const lines = [header];
  for (let i = 0; i < rows; i++) lines.push(line(i));
  writeFileSync(path, `${lines.join('\n')}\n`);
  const parsed = parseUploadOptions('csv', { table_name: 't', ...fields });
  if (!parsed.options) throw new Error(JSON.stringify(parsed.errors));
  const file = ArrivingFile.complete(path, `${name}.csv`, statSync(path).size);
  return sampleCsv(file, parsed.options, cellRules(parsed.options));
}

describe('the sample of a CSV file read before the engine reads all of it', () => {
  it('holds the whole file up to SAMPLE_RECORDS records (the header counts), and no more', async () => {
    const row = (i: number) => `${i},x${i}`;
    const exact = await sampled('exact', 'id,name', SAMPLE_RECORDS - 1, row);
    expect(exact.whole).toBe(true);
    expect(exact.plan.rows).toBe(SAMPLE_RECORDS - 1);
    const over = await sampled('over', 'id,name', SAMPLE_RECORDS, row);
    expect(over.whole).toBe(false);
    expect(over.plan.rows).toBe(SAMPLE_RECORDS - 1);
    expect(over.plan.columns.map((c) => c.kind)).toEqual(['integer', 'string']);
  });

  it('reads kinds from the sampled rows only: a fraction past them leaves the column whole numbers', async () => {
    const s = await sampled('late', 'id,v', SAMPLE_RECORDS + 10, (i) => `${i},${i < SAMPLE_RECORDS ? i : i + 0.5}`);
    expect(s.whole).toBe(false);
    expect(s.plan.columns.map((c) => c.kind)).toEqual(['integer', 'integer']);
  });

  it('tells a null spelling other than the empty text in a column that is not text', async () => {
    const fields = { null_values: ',NULL' };
    const typed = await sampled('typed', 'id,name', 100, (i) => `${i === 50 ? 'NULL' : i},n${i}`, fields);
    expect(typed.plan.columns.map((c) => c.kind)).toEqual(['integer', 'string']);
    expect(typed.typedNullSpellings).toBe(true);
    const text = await sampled('text', 'id,name', 100, (i) => `${i},${i === 50 ? 'NULL' : `n${i}`}`, fields);
    expect(text.typedNullSpellings).toBe(false);
    const empty = await sampled('empty', 'id,name', 100, (i) => `${i === 50 ? '' : i},n${i}`, fields);
    expect(empty.typedNullSpellings).toBe(false);
  });
});
