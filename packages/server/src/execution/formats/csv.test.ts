import { describe, expect, it } from 'vitest';
import { recordsToCsv } from './csv.js';
import { formatTemporal, temporalMs } from './values.js';

const JAN_1_2024 = Date.UTC(2024, 0, 1);

describe('chart data as CSV', () => {
  it('writes a header row, then one comma-separated CRLF line per record', () => {
    const csv = recordsToCsv(
      ['origin', 'AVG(delay)'],
      [
        { origin: 'SEA', 'AVG(delay)': 4.8 },
        { origin: 'SFO', 'AVG(delay)': 3.1 },
      ],
    );
    expect(csv).toBe('origin,AVG(delay)\r\nSEA,4.8\r\nSFO,3.1\r\n');
  });

  it('takes rows as arrays in column order as well as records', () => {
    expect(recordsToCsv(['a', 'b'], [[1, 'x']])).toBe('a,b\r\n1,x\r\n');
  });

  it('writes temporal epoch milliseconds as ISO date and time, only in temporal columns', () => {
    const csv = recordsToCsv(
      ['date', 'n'],
      [
        { date: JAN_1_2024, n: JAN_1_2024 },
        { date: JAN_1_2024 + 90_061_500, n: 1 },
      ],
      { coltypes: [2, 0] },
    );
    expect(csv).toBe(`date,n\r\n2024-01-01 00:00:00,${JAN_1_2024}\r\n2024-01-02 01:01:01.500,1\r\n`);
  });

  it('writes null and missing values as empty cells, NaN too', () => {
    expect(recordsToCsv(['a', 'b', 'c'], [{ a: null, c: Number.NaN }])).toBe('a,b,c\r\n,,\r\n');
  });

  it('keeps numbers, booleans and big integers as written', () => {
    expect(recordsToCsv(['n'], [[-2.5], [true], [12345678901234567890n]])).toBe('n\r\n-2.5\r\ntrue\r\n12345678901234567890\r\n');
  });

  it('quotes text holding commas, quotes or line breaks', () => {
    expect(recordsToCsv(['t'], [['a,b'], ['say "hi"'], ['two\nlines']])).toBe('t\r\n"a,b"\r\n"say ""hi"""\r\n"two\nlines"\r\n');
  });

  it('neutralizes spreadsheet formulas in text cells (formula injection) but not in numbers', () => {
    const csv = recordsToCsv(
      ['t', 'n'],
      [
        ['=HYPERLINK("http://evil")', -3],
        ['+1', 1],
        ['@SUM(A1)', 2],
      ],
    );
    expect(csv.split('\r\n').slice(1, 4)).toEqual([`"'=HYPERLINK(""http://evil"")",-3`, "'+1,1", "'@SUM(A1),2"]);
  });

  it('writes nested values as JSON text', () => {
    expect(recordsToCsv(['tags'], [[['a', 'b']]])).toBe('tags\r\n"[""a"",""b""]"\r\n');
  });

  it('adds a UTF-8 byte order mark only when asked', () => {
    expect(recordsToCsv(['a'], [], { bom: true })).toBe('\ufeffa\r\n');
    expect(recordsToCsv(['a'], [])).toBe('a\r\n');
  });

  it('handles a full result of 100 000 rows quickly (no quadratic work)', () => {
    const rows = Array.from({ length: 100_000 }, (_, i) => ({ d: JAN_1_2024 + i * 60_000, s: `name ${i}`, n: i / 3 }));
    const t0 = performance.now();
    const csv = recordsToCsv(['d', 's', 'n'], rows, { coltypes: [2, 1, 0] });
    expect(performance.now() - t0).toBeLessThan(2000);
    expect(csv.split('\r\n')).toHaveLength(100_002);
  });
});

describe('temporal cells', () => {
  it('reads epoch milliseconds, Dates and ISO strings as UTC wall times', () => {
    expect(temporalMs(JAN_1_2024)).toBe(JAN_1_2024);
    expect(temporalMs(new Date(JAN_1_2024))).toBe(JAN_1_2024);
    expect(temporalMs('2024-01-01')).toBe(JAN_1_2024);
    expect(temporalMs('2024-01-01 02:00:00')).toBe(JAN_1_2024 + 7_200_000);
    expect(temporalMs('2024-01-01T02:00:00+02:00')).toBe(JAN_1_2024);
    expect(temporalMs('2024-01-01T00:00:00.250Z')).toBe(JAN_1_2024 + 250);
    expect(temporalMs('yesterday')).toBeNull();
  });

  it('formats dates before 1970 and after 9999 too', () => {
    expect(formatTemporal(Date.UTC(1854, 3, 1))).toBe('1854-04-01 00:00:00');
    expect(formatTemporal(Date.UTC(10000, 0, 1))).toBe('+010000-01-01 00:00:00');
  });
});
