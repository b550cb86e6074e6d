import { describe, expect, it } from 'vitest';
import { splitStatementRanges, statementTokensAt, tokenizeSql } from './sqlTokens.js';

const kinds = (sql: string, dialect?: { backslashEscapes?: boolean; hashComments?: boolean }) =>
  tokenizeSql(sql, dialect).map((t) => [t.kind, t.text]);

describe('tokenizer: quoting and comments are respected, never regex-scanned', () => {
  it('reads words, quoted identifiers, strings, numbers and punctuation', () => {
    expect(kinds(`SELECT "a""b", \`c\`, 'it''s', 1.5e-3 FROM s.t;`)).toEqual([
      ['word', 'SELECT'],
      ['quoted', '"a""b"'],
      ['punct', ','],
      ['quoted', '`c`'],
      ['punct', ','],
      ['string', "'it''s'"],
      ['punct', ','],
      ['number', '1.5e-3'],
      ['word', 'FROM'],
      ['word', 's'],
      ['punct', '.'],
      ['word', 't'],
      ['punct', ';'],
    ]);
    expect(tokenizeSql('"a""b"')[0].value).toBe('a"b');
  });

  it('reads dollar-quoted and E-strings as one string; $1 stays a parameter', () => {
    expect(kinds("$fn$ a; 'b' $fn$ E'x\\'y' $1")).toEqual([
      ['string', "$fn$ a; 'b' $fn$"],
      ['string', "E'x\\'y'"],
      ['operator', '$'],
      ['number', '1'],
    ]);
  });

  it('line and block comments; `#` only where the dialect says so', () => {
    expect(kinds('a -- x;\n/* y; */ b')).toEqual([
      ['word', 'a'],
      ['comment', '-- x;'],
      ['comment', '/* y; */'],
      ['word', 'b'],
    ]);
    expect(kinds('a # b', { hashComments: true })).toEqual([
      ['word', 'a'],
      ['comment', '# b'],
    ]);
    expect(kinds('a # b')).toEqual([
      ['word', 'a'],
      ['operator', '#'],
      ['word', 'b'],
    ]);
  });

  it('marks unterminated strings, names and comments', () => {
    expect(tokenizeSql("'abc")[0]).toMatchObject({ kind: 'string', unterminated: true });
    expect(tokenizeSql('"abc')[0]).toMatchObject({ kind: 'quoted', value: 'abc', unterminated: true });
    expect(tokenizeSql('/* abc')[0]).toMatchObject({ kind: 'comment', unterminated: true });
  });

  it('non-ASCII letters are part of words', () => {
    expect(kinds('SELECT café')).toEqual([
      ['word', 'SELECT'],
      ['word', 'café'],
    ]);
  });
});

describe('statement under the cursor: split at top-level `;`', () => {
  it('a cursor right after `;` starts the next statement', () => {
    const sql = 'SELECT 1; SELECT 2';
    const tokens = tokenizeSql(sql);
    expect(statementTokensAt(tokens, 3).map((t) => t.text)).toEqual(['SELECT', '1']);
    expect(statementTokensAt(tokens, 8).map((t) => t.text)).toEqual(['SELECT', '1']);
    expect(statementTokensAt(tokens, 9).map((t) => t.text)).toEqual(['SELECT', '2']);
  });

  it('statement ranges skip empty statements and semicolons in strings', () => {
    const sql = "SELECT ';' ;; -- c\n SELECT 2";
    expect(splitStatementRanges(sql).map((r) => sql.slice(r.from, r.to))).toEqual(["SELECT ';'", 'SELECT 2']);
  });
});
