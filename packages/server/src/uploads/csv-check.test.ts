import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cellRules, DEFAULT_NULL_VALUES, parseDateText, storedValue, type UploadColumnKind } from '@rama/shared';
import { CsvByteCheck, plainDatetime, plainFloat, plainInteger, type CsvCheckOptions, type CsvCheckResult } from './csv-check.js';
import { checkCsvFile, closeCsvCheck } from './csv-check-run.js';
import { CsvChunkParser } from './csv.js';
import type { RawRecord } from './table.js';

const bytes = (t: string): Buffer => Buffer.from(t, 'utf8');
const whole = (f: (b: Uint8Array, a: number, e: number) => boolean, t: string): boolean => {
  // the value between other bytes, as it sits in a file: a check must not read past its end
  const b = bytes(`9${t}9`);
  return f(b, 1, b.length - 1);
};

function checked(text: string, opts: Partial<CsvCheckOptions> & Pick<CsvCheckOptions, 'kinds'>, pieces: number[] = []): CsvCheckResult {
  const check = new CsvByteCheck({
    delimiter: ',',
    header: true,
    valueless: opts.kinds.map(() => false),
    nullSpellings: DEFAULT_NULL_VALUES.filter((v) => v !== ''),
    maxRecordBytes: 1000,
    ...opts,
  });
  const b = bytes(text);
  let at = 0;
  for (const cut of pieces) {
    check.push(b.subarray(at, cut));
    at = cut;
  }
  check.push(b.subarray(at));
  return check.end();
}

/** Rama's own parser's data records of the same text (blank lines skipped, the header taken off) */
function ramaRecords(text: string): RawRecord[] {
  const p = new CsvChunkParser({ delimiter: ',', skipBlankLines: true, skipInitialSpace: false });
  const out: RawRecord[] = [];
  p.push(text, out);
  p.end(out);
  return out.slice(1);
}

const RULES = cellRules({ null_values: null, decimal_character: '.', day_first: false });

/** every text of up to `length` characters of `alphabet` */
function* texts(alphabet: string, length: number): Generator<string> {
  let level = [''];
  for (let n = 1; n <= length; n++) {
    const next: string[] = [];
    for (const t of level) for (const c of alphabet) next.push(t + c);
    yield* next;
    level = next;
  }
}

describe('the byte check of a CSV file read by another engine (fast upload path)', () => {
  it('passes as a whole number, float or datetime only text the exact path reads as one', () => {
    // each check's language is a part of the exact path's: a text it passes stores as the kind
    const cases: [UploadColumnKind, (b: Uint8Array, a: number, e: number) => boolean, string, number][] = [
      ['integer', plainInteger, '0 1+- \t.', 5],
      ['float', plainFloat, '01.-eE+ x', 5],
    ];
    for (const [kind, check, alphabet, length] of cases) {
      let passed = 0;
      for (const t of texts(alphabet, length)) {
        if (!whole(check, t)) continue;
        passed++;
        expect(() => storedValue(t, kind, RULES), `${kind} ${JSON.stringify(t)}`).not.toThrow();
      }
      expect(passed).toBeGreaterThan(100);
    }
  });

  it('passes plain whole numbers and floats, and leaves the rest to the exact path', () => {
    for (const t of ['0', '-12', '+7', ' 42\t', '123456789012345678']) expect(whole(plainInteger, t), t).toBe(true);
    for (const t of ['1234567890123456789', '1.5', '0x10', '1_000', '7\v', '', '-', '1 2']) expect(whole(plainInteger, t), t).toBe(false);
    for (const t of ['1.5', '-.5', '1.', '1e5', '2.5E-3', ' 3 ', '12']) expect(whole(plainFloat, t), t).toBe(true);
    for (const t of ['NaN', 'inf', '-Infinity', '0x10', '1e', '.', '1.2.3', '1,5', '']) expect(whole(plainFloat, t), t).toBe(false);
  });

  it('passes ISO datetimes the exact path reads, and none of the shapes it refuses or reads otherwise', () => {
    const plain = [
      '2024-01-05',
      '2024-01-05 10:00',
      '2024-01-05T10:00:59',
      '2024-01-05 10:00:00.5',
      '2024-01-05 10:00:00.123Z',
      '2024-01-05 10:00+05:30',
      '2024-01-05 10:00:00-0800',
      '2024-02-29',
      '0050-06-01',
    ];
    for (const t of plain) {
      expect(whole(plainDatetime, t), t).toBe(true);
      expect(parseDateText(t, false), t).not.toBeNull();
    }
    const other = [
      'epoch',
      'now',
      '2024-01-05 10:00:00.1234', // PostgreSQL keeps microseconds, Rama milliseconds
      '2024-01-05 10:00:60', // PostgreSQL: the next minute; Rama: the 59th second
      '2024-01-05 24:00:00', // PostgreSQL and DuckDB: the next day; Rama refuses it
      '0000-01-05',
      '2023-02-29',
      '2024-13-01',
      '2024/01/05',
      '01/05/2024',
      '2024-01-05 10:00:00 +02:00',
      '2024-01-05 10:00+02',
      '2024-01-05 10:00+15:00',
      '2024-01-05t10:00',
      ' 2024-01-05',
      '2024-01-05 10',
      '20240105',
    ];
    for (const t of other) expect(whole(plainDatetime, t), t).toBe(false);
  });

  it('counts the records as Rama reads them, however the file is cut into pieces', () => {
    const text = '\ufeffa,b,c\r\n1,"x, ""y""",\r\n\r\n2,"multi\nline",z\n"",\n3,,"last"';
    const opts = { kinds: ['integer', 'string', 'string'] as UploadColumnKind[] };
    const records = ramaRecords(text).length;
    expect(records).toBe(4);
    expect(checked(text, opts)).toEqual({ ok: true, records, spelled: [false, false, false] });
    const b = bytes(text);
    for (let cut = 1; cut < b.length; cut++) expect(checked(text, opts, [cut]), `cut at ${cut}`).toEqual(checked(text, opts));
    expect(checked(text, opts, [...b.keys()].slice(1))).toEqual(checked(text, opts));
  });

  it('fails where PostgreSQL would read the file otherwise than Rama', () => {
    const kinds: UploadColumnKind[] = ['integer', 'string'];
    const fails = (text: string, why: string, more: Partial<CsvCheckOptions> = {}) => {
      const r = checked(text, { kinds, ...more });
      expect(r.ok, text).toBe(false);
      expect(r.ok ? '' : r.reason).toContain(why);
    };
    fails('a,b\n1,a"b"c\n', 'a quote inside an unquoted value on line 2');
    fails('a,b\n1,"x"y\n', 'a quote followed by other characters');
    fails('a,b\n1,"open\n', 'a quoted value that is not closed');
    fails('a,b\n1,x\n0x10,y\n', 'a value of column 1 read otherwise than as a plain integer on line 3');
    fails('a,b\n1,x\nNA,y\n', 'plain integer');
    fails('a,b\n1,\n2,x\n', 'a value in column 2, which the first rows held none in', { valueless: [false, true] });
    fails('a;b\n', 'a delimiter the check does not read', { delimiter: '§' });
    fails('a,b\n1,true\n', 'plain boolean', { kinds: ['integer', 'boolean'] });
  });

  it('passes a quoted number, which both read as the number', () => {
    expect(checked('a,b\n"2",y\n', { kinds: ['integer', 'string'] })).toEqual({ ok: true, records: 1, spelled: [false, false] });
  });

  it('notes the text columns holding a null spelling, quoted or not, and skips the header', () => {
    expect(checked('NA,b\n1,x\n2,"N/A"\n3,NAN\n', { kinds: ['integer', 'string'] })).toEqual({
      ok: true,
      records: 3,
      spelled: [false, true],
    });
    expect(checked('a,b,c\n1,NA,\n2,,\n', { kinds: ['integer', 'string', 'string'], valueless: [false, false, true] })).toEqual({
      ok: true,
      records: 2,
      spelled: [false, true, false],
    });
    expect(checked('a,b\n1,"a""b"\n', { kinds: ['integer', 'string'], nullSpellings: ['a"b'] })).toEqual({
      ok: true,
      records: 1,
      spelled: [false, true],
    });
    expect(checked('1,x\n2,y\n', { kinds: ['integer', 'string'], header: false })).toEqual({
      ok: true,
      records: 2,
      spelled: [false, false],
    });
  });
});

describe('the byte check in its worker', () => {
  const options: CsvCheckOptions = {
    delimiter: ',',
    header: true,
    kinds: ['integer', 'string'],
    valueless: [false, false],
    nullSpellings: ['NA'],
    maxRecordBytes: 1000,
  };

  it('checks a file on disk in a worker thread, and answers a file it cannot read as a failed check', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rama-csv-check-'));
    try {
      const path = join(dir, 'f.csv');
      writeFileSync(path, 'a,b\n1,x\n2,NA\n');
      expect(await checkCsvFile(path, options)).toEqual({ ok: true, records: 2, spelled: [false, true] });
      writeFileSync(path, 'a,b\n1,x\nepoch,y\n');
      expect(await checkCsvFile(path, options)).toEqual({
        ok: false,
        reason: 'a value of column 1 read otherwise than as a plain integer on line 3',
      });
      const missing = await checkCsvFile(join(dir, 'gone.csv'), options);
      expect(missing.ok).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await closeCsvCheck();
    }
  });
});
