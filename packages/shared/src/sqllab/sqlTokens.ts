/**
 * A small SQL tokenizer for editor features (completion, statement under the cursor). It knows
 * quoting and comments well enough to never mistake a `;`, `.` or keyword inside a string,
 * quoted identifier or comment for SQL; it does not validate anything. Security-relevant SQL
 * handling stays on the server with a real parser.
 */
import type { EditorDialectInfo } from '../api/database.js';

export type SqlTokenKind = 'word' | 'quoted' | 'string' | 'number' | 'comment' | 'punct' | 'operator';

export interface SqlToken {
  kind: SqlTokenKind;
  /** offset of the first character */
  start: number;
  /** offset after the last character */
  end: number;
  text: string;
  /** quoted identifiers: the name without quotes, doubled quotes undone */
  value?: string;
  /** strings, quoted identifiers and block comments the text ends inside of */
  unterminated?: boolean;
}

export interface TokenizeOptions {
  /** `\'` escapes inside string literals */
  backslashEscapes?: boolean;
  /** `#` starts a line comment */
  hashComments?: boolean;
}

/** Tokenizer settings from a database's editor dialect (`engine_information.editor_dialect`); standard SQL without one. */
export function tokenizeOptionsFor(
  dialect: Pick<EditorDialectInfo, 'backslash_escapes' | 'hash_comments'> | null | undefined,
): TokenizeOptions {
  return { backslashEscapes: dialect?.backslash_escapes === true, hashComments: dialect?.hash_comments === true };
}

const PUNCT = new Set(['(', ')', ',', ';', '.', '[', ']']);

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13 || c === 12 || c === 11 || c === 0xa0 || c === 0xfeff;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

const NON_ASCII_LETTER = /\p{L}/u;

function isWordStart(ch: string, c: number): boolean {
  if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95) return true;
  return c > 127 && NON_ASCII_LETTER.test(ch);
}

function isWordPart(ch: string, c: number): boolean {
  return isWordStart(ch, c) || isDigit(c) || c === 36; /* $ */
}

/** `$tag$` opening a dollar-quoted string at `i`, or null. */
function dollarTag(sql: string, i: number, limit: number): string | null {
  let j = i + 1;
  while (j < limit && sql[j] !== '$') {
    const c = sql.charCodeAt(j);
    if (!(isWordStart(sql[j], c) || (j > i + 1 && isDigit(c)))) return null;
    j++;
  }
  return j < limit ? sql.slice(i, j + 1) : null;
}

/** End offset of a quoted run starting at `i` with `quote`; a doubled quote is an escaped quote. */
function scanQuoted(sql: string, i: number, quote: string, backslash: boolean, limit: number): { end: number; closed: boolean } {
  let j = i + 1;
  while (j < limit) {
    const ch = sql[j];
    if (backslash && ch === '\\') {
      j += 2;
      continue;
    }
    if (ch === quote) {
      if (j + 1 < limit && sql[j + 1] === quote) {
        j += 2;
        continue;
      }
      return { end: j + 1, closed: true };
    }
    j++;
  }
  return { end: Math.min(j, limit), closed: false };
}

/** Receives each token's kind and offsets; returning `false` stops the scan. */
type Visit = (kind: SqlTokenKind, start: number, end: number, unterminated: boolean) => boolean | void;

/**
 * The one scanner behind every function here: walks `sql[from, to)` and reports tokens without
 * allocating, so finding the statement under the cursor in a 5,000-line script stays cheap.
 */
function scanSql(sql: string, options: TokenizeOptions, from: number, to: number, visit: Visit): void {
  const n = to;
  let i = from;
  while (i < n) {
    const ch = sql[i];
    const c = sql.charCodeAt(i);
    const start = i;
    let kind: SqlTokenKind;
    let unterminated = false;
    if (isSpace(c)) {
      i++;
      continue;
    } else if ((c === 45 /* - */ && sql.charCodeAt(i + 1) === 45) || (c === 35 /* # */ && options.hashComments)) {
      const nl = sql.indexOf('\n', i);
      i = nl < 0 || nl > n ? n : nl;
      kind = 'comment';
    } else if (c === 47 /* / */ && sql.charCodeAt(i + 1) === 42 /* * */) {
      const close = sql.indexOf('*/', i + 2);
      unterminated = close < 0 || close + 2 > n;
      i = unterminated ? n : close + 2;
      kind = 'comment';
    } else if (c === 39 /* ' */ || ((ch === 'E' || ch === 'e') && sql.charCodeAt(i + 1) === 39)) {
      // string literals; E'...' takes backslash escapes everywhere
      const q = c === 39 ? i : i + 1;
      const r = scanQuoted(sql, q, "'", options.backslashEscapes === true || q !== i, n);
      i = r.end;
      unterminated = !r.closed;
      kind = 'string';
    } else if (c === 36 /* $ */ && dollarTag(sql, i, n) !== null && !(i > from && isWordPart(sql[i - 1], sql.charCodeAt(i - 1)))) {
      const tag = dollarTag(sql, i, n) as string;
      const close = sql.indexOf(tag, i + tag.length);
      unterminated = close < 0 || close + tag.length > n;
      i = unterminated ? n : close + tag.length;
      kind = 'string';
    } else if (c === 34 /* " */ || c === 96 /* ` */) {
      const r = scanQuoted(sql, i, ch, false, n);
      i = r.end;
      unterminated = !r.closed;
      kind = 'quoted';
    } else if (isDigit(c) || (c === 46 /* . */ && isDigit(sql.charCodeAt(i + 1)))) {
      i++;
      while (i < n) {
        const d = sql.charCodeAt(i);
        if ((d === 101 || d === 69) /* e */ && (sql.charCodeAt(i + 1) === 45 || sql.charCodeAt(i + 1) === 43)) i += 2;
        else if (isDigit(d) || d === 46 || isHexOrUnderscore(d)) i++;
        else break;
      }
      kind = 'number';
    } else if (isWordStart(ch, c)) {
      i++;
      while (i < n && isWordPart(sql[i], sql.charCodeAt(i))) i++;
      kind = 'word';
    } else {
      i++;
      kind = PUNCT.has(ch) ? 'punct' : 'operator';
    }
    if (visit(kind, start, i, unterminated) === false) return;
  }
}

function isHexOrUnderscore(c: number): boolean {
  return c === 95 || c === 120 || c === 88 || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);
}

/** Tokens of `sql` (or of `sql[from, to)`, offsets still into `sql`), whitespace dropped. Never throws. */
export function tokenizeSql(sql: string, options: TokenizeOptions = {}, from = 0, to = sql.length): SqlToken[] {
  const tokens: SqlToken[] = [];
  scanSql(sql, options, from, to, (kind, start, end, unterminated) => {
    const text = sql.slice(start, end);
    let value: string | undefined;
    if (kind === 'quoted') {
      const q = text[0];
      value = text
        .slice(1, unterminated ? undefined : -1)
        .split(q + q)
        .join(q);
    }
    tokens.push({ kind, start, end, text, value, unterminated });
  });
  return tokens;
}

/**
 * Offsets `[from, to)` of the statement holding `cursor`: between the `;` before it (outside
 * quotes and comments) and the next one. A cursor right after a `;` is in the next statement.
 */
export function statementRangeAt(sql: string, cursor: number, options: TokenizeOptions = {}): { from: number; to: number } {
  let from = 0;
  let to = sql.length;
  scanSql(sql, options, 0, sql.length, (kind, start, end) => {
    if (kind !== 'punct' || sql.charCodeAt(start) !== 59 /* ; */) return true;
    if (end <= cursor) {
      from = end;
      return true;
    }
    to = start;
    return false;
  });
  return { from, to };
}

/** The tokens of the statement holding `cursor`: split at `;` outside quotes and comments. */
export function statementTokensAt(tokens: readonly SqlToken[], cursor: number): SqlToken[] {
  let first = 0;
  let last = tokens.length;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.kind !== 'punct' || t.text !== ';') continue;
    if (t.end <= cursor) first = i + 1;
    else {
      last = i;
      break;
    }
  }
  return tokens.slice(first, last);
}

/** Offsets `[from, to)` of every statement (semicolons excluded, empty statements skipped). */
export function splitStatementRanges(sql: string, options: TokenizeOptions = {}): { from: number; to: number }[] {
  const ranges: { from: number; to: number }[] = [];
  let current: { from: number; to: number } | null = null;
  for (const t of tokenizeSql(sql, options)) {
    if (t.kind === 'punct' && t.text === ';') {
      if (current) ranges.push(current);
      current = null;
    } else if (t.kind !== 'comment') {
      if (current) current.to = t.end;
      else current = { from: t.start, to: t.end };
    }
  }
  if (current) ranges.push(current);
  return ranges;
}

/** Identifier tokens: bare words and quoted identifiers. */
export function isIdentifier(t: SqlToken | undefined): boolean {
  return t !== undefined && (t.kind === 'word' || t.kind === 'quoted');
}

/** The name an identifier token denotes (quotes removed). */
export function identifierName(t: SqlToken): string {
  return t.kind === 'quoted' ? (t.value ?? '') : t.text;
}

/** Case-insensitive keyword test for a bare word. */
export function isWord(t: SqlToken | undefined, upper: string): boolean {
  return t !== undefined && t.kind === 'word' && t.text.length === upper.length && t.text.toUpperCase() === upper;
}
