import { describe, expect, it } from 'vitest';
import { CsvChunkParser, type CsvReadOptions } from './csv.js';
import { UploadFileError } from './errors.js';
import type { RawRecord } from './table.js';

const OPTS: CsvReadOptions = { delimiter: ',', skipBlankLines: true, skipInitialSpace: false };

function parseIn(pieces: string[], opts: CsvReadOptions = OPTS): RawRecord[] {
  const p = new CsvChunkParser(opts);
  const out: RawRecord[] = [];
  for (const piece of pieces) p.push(piece, out);
  p.end(out);
  return out;
}

const TEXT = '\ufeffa,b,c\r\n1,"x, ""y""",\n\n2,"multi\nline",z\n3,,"last"';
const EXPECTED = [
  { cells: ['a', 'b', 'c'], line: 1 },
  { cells: ['1', 'x, "y"', ''], line: 2 },
  { cells: ['2', 'multi\nline', 'z'], line: 5 },
  { cells: ['3', '', 'last'], line: 6 },
];

describe('CSV parsing', () => {
  it('reads quotes, doubled quotes, line breaks in values, CRLF, blank lines and a last line without a break', () => {
    expect(parseIn([TEXT])).toEqual(EXPECTED);
  });

  it('gives the same records however the text is cut into pieces', () => {
    for (let cut = 1; cut < TEXT.length; cut++) expect(parseIn([TEXT.slice(0, cut), TEXT.slice(cut)]), `cut at ${cut}`).toEqual(EXPECTED);
    expect(parseIn([...TEXT])).toEqual(EXPECTED);
  });

  it('keeps blank lines when asked, takes another delimiter and skips spaces after it', () => {
    expect(parseIn(['a;b\n\n c; d\n'], { delimiter: ';', skipBlankLines: false, skipInitialSpace: true }).map((r) => r.cells)).toEqual([
      ['a', 'b'],
      [''],
      ['c', 'd'],
    ]);
  });

  it('names the line of a quote that is never closed, or followed by other characters', () => {
    expect(() => parseIn(['a\n"open,1\n2\n'])).toThrow(new UploadFileError('A quoted value is not closed (it starts on line 2).'));
    expect(() => parseIn(['a\nb\n"x"y\n'])).toThrow('A quote is followed by other characters on line 3; quote whole values only.');
  });
});
