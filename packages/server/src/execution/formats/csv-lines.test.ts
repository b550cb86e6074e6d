import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv-lines.js';

describe('CSV export cells', () => {
  it('escapes formula-looking text against formula injection', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
  });

  it('leaves numbers alone, quotes separators, writes NULL as empty', () => {
    expect(csvCell(-2)).toBe('-2');
    expect(csvCell(12345678901234567890n)).toBe('12345678901234567890');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell(null)).toBe('');
    expect(csvLine(['x', 1, true])).toBe('x,1,true\r\n');
  });
});
