import { describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { zipFiles } from './zip.js';

describe('several exports as one zip', () => {
  it('holds every file with its name and content, text as UTF-8', () => {
    const xlsxLike = Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]);
    const zip = zipFiles([
      { name: 'query_1.csv', data: 'country\r\nCôte d’Ivoire\r\n' },
      { name: 'query_2.xlsx', data: xlsxLike },
    ]);
    const files = unzipSync(new Uint8Array(zip));
    expect(Object.keys(files)).toEqual(['query_1.csv', 'query_2.xlsx']);
    expect(strFromU8(files['query_1.csv'])).toBe('country\r\nCôte d’Ivoire\r\n');
    expect(Buffer.from(files['query_2.xlsx'])).toEqual(xlsxLike);
  });

  it('keeps files with the same name apart instead of overwriting one', () => {
    const files = unzipSync(
      new Uint8Array(
        zipFiles([
          { name: 'result.csv', data: 'a' },
          { name: 'result.csv', data: 'b' },
          { name: 'RESULT.csv', data: 'c' },
        ]),
      ),
    );
    expect(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, strFromU8(v)]))).toEqual({
      'result.csv': 'a',
      'result (2).csv': 'b',
      'RESULT (3).csv': 'c',
    });
  });

  it('compresses text', () => {
    const big = 'origin,delay\r\n'.repeat(10_000);
    expect(zipFiles([{ name: 'a.csv', data: big }]).length).toBeLessThan(big.length / 20);
  });
});
