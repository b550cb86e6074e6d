import { describe, expect, it } from 'vitest';
import {
  clampQueryLimit,
  parseRecipients,
  resultsAsText,
  defaultDatabaseId,
  formatElapsed,
  limitWarning,
  offsetAtPosition,
  statementAtCursor,
  sqlSegments,
  parseDatasourceKey,
  rowLimitChoices,
  sqlToRun,
  templateParamsError,
} from './editor.js';
import { editorDialectOf, STANDARD_EDITOR_DIALECT } from './sqlWords.js';
import { crontabError } from '../reports/schedule.js';

describe('what runs (§5: "Estimation sends the selected text if any, else the whole sql"; Run does the same)', () => {
  it('prefers a non-blank selection', () => {
    expect(sqlToRun('SELECT 1; SELECT 2', 'SELECT 2')).toBe('SELECT 2');
    expect(sqlToRun('SELECT 1', '   ')).toBe('SELECT 1');
    expect(sqlToRun('SELECT 1', null)).toBe('SELECT 1');
  });
});

describe('row limit (§9: choices 10…50000; "The row limit may not exceed the hard maximum")', () => {
  it('caps the choices at SQL_MAX_ROW and offers the maximum itself', () => {
    expect(rowLimitChoices(100_000)).toEqual([10, 50, 100, 250, 500, 1000, 5000, 10000, 50000, 100000]);
    expect(rowLimitChoices(50_000)).toEqual([10, 50, 100, 250, 500, 1000, 5000, 10000, 50000]);
    expect(rowLimitChoices(3000)).toEqual([10, 50, 100, 250, 500, 1000, 3000]);
  });

  it('clamps a limit to the maximum', () => {
    expect(clampQueryLimit(10000, 5000)).toBe(5000);
    expect(clampQueryLimit(100, 5000)).toBe(100);
    expect(clampQueryLimit(0, 5000)).toBe(5000);
  });
});

describe('default database (§5: SQLLAB_DEFAULT_DBID, else the lowest id)', () => {
  it('picks the configured one when listed, else the lowest', () => {
    expect(defaultDatabaseId([3, 1, 2], 2)).toBe(2);
    expect(defaultDatabaseId([3, 1, 2], 9)).toBe(1);
    expect(defaultDatabaseId([3, 1, 2], null)).toBe(1);
    expect(defaultDatabaseId([], null)).toBeNull();
  });
});

/** An engine's editor dialect as the server sends it: `#` comments and backslash escapes. */
const HASH_AND_BACKSLASH = { ...STANDARD_EDITOR_DIALECT, highlight: 'MySQL', backslash_escapes: true, hash_comments: true };

describe('editor dialect from the database payload', () => {
  it("is the database's engine_information.editor_dialect, standard SQL without one", () => {
    expect(editorDialectOf({ engine_information: { editor_dialect: HASH_AND_BACKSLASH } })).toBe(HASH_AND_BACKSLASH);
    expect(editorDialectOf({ engine_information: {} })).toBe(STANDARD_EDITOR_DIALECT);
    expect(editorDialectOf(null)).toBe(STANDARD_EDITOR_DIALECT);
    expect(editorDialectOf(undefined).highlight).toBe('StandardSQL');
  });
});

describe('limit warning (limitingFactor QUERY | DROPDOWN | QUERY_AND_DROPDOWN)', () => {
  it('names what limited the rows', () => {
    expect(limitWarning('DROPDOWN', 1000)).toBe('The number of rows displayed is limited to 1,000 by the dropdown');
    expect(limitWarning('QUERY', 5)).toBe('The number of rows displayed is limited to 5 by the query');
    expect(limitWarning('BYTES', 12)).toBe('The number of rows displayed is limited to 12 by the result size limit (SQL_MAX_RESULT_BYTES)');
    expect(limitWarning('QUERY_AND_DROPDOWN', 10)).toMatch(/by the query and the dropdown$/);
    expect(limitWarning('NOT_LIMITED', 10)).toBeNull();
  });
});

describe('template parameters (a JSON object)', () => {
  it('accepts empty and objects, explains anything else', () => {
    expect(templateParamsError('')).toBeNull();
    expect(templateParamsError('{"a": 1}')).toBeNull();
    expect(templateParamsError('[1]')).toMatch(/JSON object/);
    expect(templateParamsError('{a:1}')).toMatch(/^Invalid JSON/);
  });
});

describe('status line and datasource keys', () => {
  it('formats elapsed time', () => {
    expect(formatElapsed(1250)).toBe('00:00:01.25');
    expect(formatElapsed(3_723_040)).toBe('01:02:03.04');
  });

  it('reads `{id}__{type}` datasource keys', () => {
    expect(parseDatasourceKey('12__table')).toEqual({ id: 12, type: 'table' });
    expect(parseDatasourceKey('x')).toBeNull();
  });
});

describe('schedule (saved query extra_json.schedule_info)', () => {
  it('needs five crontab fields', () => {
    expect(crontabError('0 8 * * 1')).toBeNull();
    expect(crontabError('*/15 * * * MON-FRI')).toBeNull();
    expect(crontabError('0 8 * *')).toMatch(/five fields/);
    expect(crontabError('0 8 * * $')).toMatch(/Invalid cron expression/);
  });

  it('splits recipients and lists bad addresses', () => {
    expect(parseRecipients('a@x.io, b@y.org;bad')).toEqual({ emails: ['a@x.io', 'b@y.org'], invalid: ['bad'] });
  });
});

describe('copy to clipboard (results as text)', () => {
  it('writes a header and one tab-separated line per row, big integers exact', () => {
    const text = resultsAsText(
      [{ name: 'a' }, { name: 'b' }],
      [
        { a: 1, b: 'x\ty' },
        { a: 12345678901234567890n, b: null },
      ],
    );
    expect(text).toBe('a\tb\n1\tx y\n12345678901234567890\t');
  });
});

describe('run current statement (Ctrl/Cmd+Shift+Enter: the statement under the cursor)', () => {
  const sql = "SELECT 1;\nSELECT ';' AS semi -- a ; in a comment\n  ;\nSELECT 3";
  const at = (needle: string, shift = 0) => sql.indexOf(needle) + shift;

  it('finds the statement holding the cursor, split at semicolons outside strings and comments', () => {
    expect(statementAtCursor(sql, 0)?.sql).toBe('SELECT 1');
    // a trailing comment is not part of what runs
    expect(statementAtCursor(sql, at('semi'))?.sql).toBe("SELECT ';' AS semi");
    expect(statementAtCursor(sql, at('SELECT 3', 3))?.sql).toBe('SELECT 3');
    expect(statementAtCursor(sql, sql.length)?.sql).toBe('SELECT 3');
  });

  it('gives offsets of the trimmed statement', () => {
    const found = statementAtCursor('  SELECT 1  ;  SELECT 2', 4);
    expect(found).toEqual({ from: 2, to: 10, sql: 'SELECT 1' });
  });

  it('at the end of a line ending in a semicolon it runs that line, not the next statement', () => {
    const text = 'SELECT 1;\nSELECT 2;  \nSELECT 3';
    expect(statementAtCursor(text, text.indexOf('2;') + 2)?.sql).toBe('SELECT 2');
    expect(statementAtCursor(text, text.indexOf('2;') + 4)?.sql).toBe('SELECT 2');
    expect(statementAtCursor(text, text.indexOf('SELECT 3'))?.sql).toBe('SELECT 3');
  });

  it('after the last semicolon it runs the statement that semicolon ends', () => {
    expect(statementAtCursor('SELECT 1;\nSELECT 2;\n\n', 20)?.sql).toBe('SELECT 2');
    expect(statementAtCursor('SELECT 1; -- done', 15)?.sql).toBe('SELECT 1');
  });

  it('is null when there is nothing to run', () => {
    expect(statementAtCursor('', 0)).toBeNull();
    expect(statementAtCursor('   -- only a comment', 5)).toBeNull();
  });

  it('honours # comments only for dialects that have them', () => {
    const text = 'SELECT 1 # x; y\n, 2;SELECT 3';
    expect(statementAtCursor(text, 2, HASH_AND_BACKSLASH)?.sql).toBe('SELECT 1 # x; y\n, 2');
    expect(statementAtCursor(text, 2, STANDARD_EDITOR_DIALECT)?.sql).toBe('SELECT 1 # x');
  });
});

describe('cursor row/column to offset', () => {
  it('clamps to the line and the text', () => {
    const text = 'ab\ncde\nf';
    expect(offsetAtPosition(text, { row: 0, column: 1 })).toBe(1);
    expect(offsetAtPosition(text, { row: 1, column: 2 })).toBe(5);
    expect(offsetAtPosition(text, { row: 1, column: 99 })).toBe(6);
    expect(offsetAtPosition(text, { row: 9, column: 0 })).toBe(text.length);
  });
});

describe('read-only SQL highlighting (a view definition in the table card)', () => {
  it('marks keywords, strings, numbers, comments and quoted names, and keeps the text', () => {
    const sql = `SELECT "Name", 'a;b' AS x -- note\nFROM t WHERE n > 10`;
    const segments = sqlSegments(sql, STANDARD_EDITOR_DIALECT);
    expect(segments.map((s) => s.text).join('')).toBe(sql);
    const kindOf = (text: string) => segments.find((s) => s.text === text)?.kind;
    expect(kindOf('SELECT')).toBe('keyword');
    expect(kindOf('"Name"')).toBe('identifier');
    expect(kindOf("'a;b'")).toBe('string');
    expect(kindOf('-- note')).toBe('comment');
    expect(kindOf('10')).toBe('number');
    expect(segments.some((s) => s.kind === 'keyword' && s.text.includes('FROM'))).toBe(true);
  });
});
