/** Editor toolbar rules: what runs, the row limit, the default database, the dialect (sql-editor.md §5, §9). */
import { ROW_LIMIT_CHOICES } from '../constants.js';
import type { LimitingFactor } from '../api/sqllab.js';
import { splitStatementRanges, statementRangeAt, tokenizeOptionsFor, tokenizeSql } from './sqlTokens.js';
import { sqlKeywords } from './sqlWords.js';
import type { EditorDialectInfo } from '../api/database.js';

/** Run (and estimate) the selected text when there is a selection, else the whole SQL. */
export function sqlToRun(sql: string, selectedText: string | null | undefined): string {
  return selectedText && selectedText.trim() ? selectedText : sql;
}

/** The row limit dropdown: the standard choices up to the hard maximum, plus the maximum itself. */
export function rowLimitChoices(sqlMaxRow: number): number[] {
  const choices: number[] = ROW_LIMIT_CHOICES.filter((n) => n <= sqlMaxRow);
  if (!choices.includes(sqlMaxRow)) choices.push(sqlMaxRow);
  return choices;
}

/** The row limit may not exceed the hard maximum (SQL_MAX_ROW). */
export function clampQueryLimit(limit: number, sqlMaxRow: number): number {
  return Number.isFinite(limit) && limit > 0 ? Math.min(Math.floor(limit), sqlMaxRow) : sqlMaxRow;
}

/** The default database is SQLLAB_DEFAULT_DBID (when listed), else the lowest database id. */
export function defaultDatabaseId(ids: readonly number[], configured: number | null): number | null {
  if (configured !== null && ids.includes(configured)) return configured;
  return ids.length ? Math.min(...ids) : null;
}

/** The warning shown over results when a limit cut them short, or null when none did. */
export function limitWarning(factor: LimitingFactor | null | undefined, rows: number | null | undefined): string | null {
  const n = (rows ?? 0).toLocaleString('en-US');
  switch (factor) {
    case 'QUERY':
      return `The number of rows displayed is limited to ${n} by the query`;
    case 'DROPDOWN':
      return `The number of rows displayed is limited to ${n} by the dropdown`;
    case 'QUERY_AND_DROPDOWN':
      return `The number of rows displayed is limited to ${n} by the query and the dropdown`;
    case 'BYTES':
      return `The number of rows displayed is limited to ${n} by the result size limit (SQL_MAX_RESULT_BYTES)`;
    default:
      return null;
  }
}

/** Template parameters must be a JSON object (or empty); the message says what is wrong. */
export function templateParamsError(text: string | null | undefined): string | null {
  if (!text || !text.trim()) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return `Invalid JSON: ${e instanceof Error ? e.message : String(e)}`;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return 'Template parameters must be a JSON object, e.g. {"limit": 10}';
  return null;
}

/** Elapsed time as the status line shows it: 00:00:01.25 (hours:minutes:seconds.hundredths). */
export function formatElapsed(ms: number): string {
  const safe = Math.max(0, Math.floor(ms));
  const h = Math.floor(safe / 3_600_000);
  const m = Math.floor((safe % 3_600_000) / 60_000);
  const s = Math.floor((safe % 60_000) / 1000);
  const cs = Math.floor((safe % 1000) / 10);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(h)}:${two(m)}:${two(s)}.${two(cs)}`;
}

/** A datasource key as charts send it: `{id}__{type}` (e.g. `12__table`). */
export function parseDatasourceKey(key: string | null | undefined): { id: number; type: string } | null {
  const m = /^(\d+)__([a-z_]+)$/.exec(key ?? '');
  return m ? { id: Number(m[1]), type: m[2] } : null;
}

/** Recipient e-mail addresses from text separated by commas, semicolons or spaces; bad ones listed apart. */
export function parseRecipients(text: string): { emails: string[]; invalid: string[] } {
  const parts = text
    .split(/[\s,;]+/)
    .map((p) => p.trim())
    .filter(Boolean);
  const valid = (p: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(p);
  return { emails: parts.filter(valid), invalid: parts.filter((p) => !valid(p)) };
}

/** A result as tab-separated text with a header row (Copy to clipboard); tabs and newlines in cells become spaces. */
export function resultsAsText(columns: readonly { name: string }[], rows: readonly Record<string, unknown>[]): string {
  const cell = (v: unknown): string => {
    if (v === null || v === undefined) return '';
    const text = typeof v === 'object' ? JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? x.toString() : x)) : String(v);
    return text.replace(/[\t\r\n]+/g, ' ');
  };
  const lines = [columns.map((c) => cell(c.name)).join('\t')];
  for (const row of rows) lines.push(columns.map((c) => cell(row[c.name])).join('\t'));
  return lines.join('\n');
}

/** Offset in `text` of a 0-based row and column, clamped to the text. */
export function offsetAtPosition(text: string, pos: { row: number; column: number }): number {
  let offset = 0;
  for (let row = 0; row < pos.row; row++) {
    const nl = text.indexOf('\n', offset);
    if (nl < 0) return text.length;
    offset = nl + 1;
  }
  const lineEnd = text.indexOf('\n', offset);
  const length = (lineEnd < 0 ? text.length : lineEnd) - offset;
  return offset + Math.min(Math.max(0, pos.column), length);
}

/**
 * "Run current statement": the statement holding the cursor, split at `;` outside quotes and
 * comments. A cursor after the last statement's `;` (only blanks or comments follow) means the
 * statement before it, and so does a cursor right after a `;` on the same line. Offsets are of the trimmed text; null when there is nothing to run.
 * `dialect` is the database's editor dialect (its `#` comments and backslash escapes, if any).
 */
export function statementAtCursor(
  sql: string,
  cursor: number,
  dialect?: EditorDialectInfo,
): { from: number; to: number; sql: string } | null {
  const options = tokenizeOptionsFor(dialect);
  const at = Math.min(Math.max(0, cursor), sql.length);
  const trimmed = (range: { from: number; to: number }) => {
    const ranges = splitStatementRanges(sql.slice(range.from, range.to), options);
    if (!ranges.length) return null;
    const from = range.from + ranges[0].from;
    const to = range.from + ranges[ranges.length - 1].to;
    return { from, to, sql: sql.slice(from, to) };
  };
  const here = statementRangeAt(sql, at, options);
  // right after a `;` on its line (the end of a line like `SELECT 1;`): the statement it ends
  const afterSemicolon = here.from > 0 && /^[ \t]*$/.test(sql.slice(here.from, at));
  const found = afterSemicolon ? null : trimmed(here);
  if (found || here.from === 0) return found;
  // only blanks or comments after the `;` before the cursor: the statement that `;` ends
  return trimmed(statementRangeAt(sql, here.from - 1, options));
}

export type SqlSegmentKind = 'keyword' | 'string' | 'number' | 'comment' | 'identifier' | 'plain';

/**
 * SQL cut into pieces for read-only highlighting (a view's definition): keywords of the dialect,
 * strings, numbers, comments and quoted identifiers; everything else, whitespace included, is
 * plain. The pieces joined give the text back unchanged.
 */
export function sqlSegments(sql: string, dialect?: EditorDialectInfo): { text: string; kind: SqlSegmentKind }[] {
  const keywords = new Set(sqlKeywords(dialect).map((k) => k.toUpperCase()));
  const out: { text: string; kind: SqlSegmentKind }[] = [];
  const push = (text: string, kind: SqlSegmentKind) => {
    if (!text) return;
    const last = out[out.length - 1];
    if (last && last.kind === kind) last.text += text;
    else out.push({ text, kind });
  };
  let at = 0;
  for (const t of tokenizeSql(sql, tokenizeOptionsFor(dialect))) {
    push(sql.slice(at, t.start), 'plain');
    const kind: SqlSegmentKind =
      t.kind === 'word'
        ? keywords.has(t.text.toUpperCase())
          ? 'keyword'
          : 'plain'
        : t.kind === 'quoted'
          ? 'identifier'
          : t.kind === 'string' || t.kind === 'number' || t.kind === 'comment'
            ? t.kind
            : 'plain';
    push(sql.slice(t.start, t.end), kind);
    at = t.end;
  }
  push(sql.slice(at), 'plain');
  return out;
}
