/**
 * Statement splitting and the read-only check for user SQL. Splitting uses the engine lexer
 * (quotes, comments and dollar-quoted bodies are respected); what a statement does is decided by
 * node-sql-parser's AST for the engine's dialect, never by scanning text. Anything the parser cannot
 * read is "unknown", and unknown is refused where data changes are not allowed (fail closed), with
 * the place where the parser stopped. Calls of functions with side effects (set_config, large
 * objects, sequences, …) and session/transaction statements count as changes (parse-effects.ts).
 */
import { sqlParser } from '../engines/sql-parser.js';
import { isWord, tokenize, type Token } from '../engines/lexer.js';
import type { SqlSyntax } from '../engines/types.js';
import { astCallsSideEffects, recognizesChange, tokensCallSideEffects } from './parse-effects.js';

/** Split a script into statements at top-level semicolons; empty and comment-only parts are dropped. */
export function splitStatements(sql: string, syntax: SqlSyntax): string[] {
  return statementSpans(sql, syntax).map((s) => s.text);
}

interface StatementSpan {
  text: string;
  /** offset of the statement's first character in the script */
  start: number;
}

function statementSpans(sql: string, syntax: SqlSyntax): StatementSpan[] {
  const tokens = tokenize(sql, syntax.lexer);
  const spans: StatementSpan[] = [];
  let current: Token[] = [];
  const flush = () => {
    // a statement runs from its first token to its last: no surrounding blanks or comments
    if (current.length) spans.push({ text: sql.slice(current[0].start, current[current.length - 1].end), start: current[0].start });
    current = [];
  };
  for (const t of tokens) {
    if (t.kind === 'punct' && t.text === ';' && t.depth === 0) flush();
    else current.push(t);
  }
  flush();
  return spans;
}

export type StatementKind =
  /** returns rows and changes nothing: SELECT (incl. CTEs, set operations), read-only SHOW/DESCRIBE/EXPLAIN */
  | 'select'
  /** changes data or schema: INSERT, UPDATE, DELETE, MERGE, CREATE, DROP, ALTER, TRUNCATE, GRANT, SELECT INTO, … */
  | 'mutating'
  /** the parser could not read it */
  | 'unknown';

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const READ_TYPES = new Set(['select', 'show', 'desc', 'describe']);

/** Does any node in the AST change data (a data-changing CTE, SELECT INTO, a nested DML)? */
function containsMutation(node: unknown, depth = 0): boolean {
  if (depth > 200) return true; // absurdly deep: refuse rather than recurse forever
  if (Array.isArray(node)) return node.some((n) => containsMutation(n, depth + 1));
  if (!isRecord(node)) return false;
  const type = node.type;
  if (typeof type === 'string' && node.ast === undefined) {
    // statement-level nodes carry one of these types; expressions carry others (column_ref, binary_expr…)
    if (
      [
        'insert',
        'replace',
        'update',
        'delete',
        'create',
        'drop',
        'alter',
        'truncate',
        'rename',
        'grant',
        'revoke',
        'merge',
        'lock',
        'set',
        'use',
        'call',
        'exec',
        'load_data',
        'transaction',
      ].includes(type)
    ) {
      return true;
    }
    if (type === 'select' && isRecord(node.into) && (node.into.expr || node.into.type)) return true;
  }
  return Object.values(node).some((v) => typeof v === 'object' && v !== null && containsMutation(v, depth + 1));
}

/** Where and why the parser stopped reading a statement; positions are 1-based, in the whole script. */
export interface ParseError {
  line: number;
  column: number;
  /** a short single-line piece of the SQL from where the parser stopped (at most 60 characters) */
  excerpt: string;
  message: string;
}

export interface StatementAnalysis {
  kind: StatementKind;
  /** for 'unknown' statements: where the parser stopped; null otherwise */
  error: ParseError | null;
}

/** Classify one statement with the engine's parser dialect. */
export function classifyStatement(statement: string, syntax: SqlSyntax): StatementKind {
  return analyzeStatement(statement, syntax).kind;
}

/**
 * Classify one statement and, when it is 'unknown', say where the parser stopped. Positions in
 * the error are relative to `statement` unless `origin` gives the statement's place in a script.
 */
export function analyzeStatement(
  statement: string,
  syntax: SqlSyntax,
  origin: { script: string; start: number } = { script: statement, start: 0 },
): StatementAnalysis {
  let ast: unknown;
  let e: unknown = null;
  try {
    ast = sqlParser().astify(statement, { database: syntax.parser });
  } catch (err) {
    e = err;
  }
  // unreadable, or read as several statements (a backslash taken as an escape): try again
  if (ast === undefined || (Array.isArray(ast) && ast.length !== 1)) ast = astifyWithoutLiterals(statement, syntax) ?? ast;
  if (ast === undefined) {
    const kind =
      recognizesChange(statement, syntax) || explainAnalyzesChange(statement, syntax) ? 'mutating' : classifyUnparsed(statement, syntax);
    return { kind, error: kind === 'unknown' ? parseErrorOf(e, statement, syntax, origin) : null };
  }
  const list = Array.isArray(ast) ? ast : [ast];
  if (list.length !== 1 || !isRecord(list[0])) {
    return { kind: 'unknown', error: errorAt(origin, origin.start, 'it reads as more than one statement') };
  }
  const root = list[0];
  if (typeof root.type !== 'string' || !READ_TYPES.has(root.type)) return { kind: 'mutating', error: null };
  if (containsMutation(root) || astCallsSideEffects(root)) return { kind: 'mutating', error: null };
  // the AST decides; the token scan is a second look that can only refuse (a call shape the AST
  // walk does not know, e.g. a quoted or unusual function node)
  if (tokensCallSideEffects(tokenize(statement, syntax.lexer))) return { kind: 'mutating', error: null };
  return { kind: 'select', error: null };
}

/**
 * node-sql-parser reads backslashes inside PostgreSQL and DuckDB string literals as escapes, which
 * those engines do not: `'a\'` is a whole literal there. A statement it cannot read is tried again
 * with every literal's content blanked (as the engine's lexer delimits them): what is inside a
 * literal never changes what a statement does. The lexer never makes a literal longer than the
 * engine does (it knows no backslash escapes outside MySQL), so no code can hide in a blanked part.
 */
function astifyWithoutLiterals(statement: string, syntax: SqlSyntax): unknown {
  const tokens = tokenize(statement, syntax.lexer).filter((t) => t.kind === 'string');
  if (!tokens.length) return undefined;
  let out = '';
  let at = 0;
  for (const t of tokens) {
    out += `${statement.slice(at, t.start)}'_'`;
    at = t.end;
  }
  out += statement.slice(at);
  try {
    const ast: unknown = sqlParser().astify(out, { database: syntax.parser });
    return Array.isArray(ast) && ast.length !== 1 ? undefined : ast;
  } catch {
    return undefined;
  }
}

/** `EXPLAIN ANALYZE <statement>` runs the statement: it changes what the statement changes (refusal only). */
function explainAnalyzesChange(statement: string, syntax: SqlSyntax): boolean {
  const tokens = tokenize(statement, syntax.lexer);
  if (!isWord(tokens[0], 'EXPLAIN') || !(isWord(tokens[1], 'ANALYZE') || isWord(tokens[1], 'ANALYSE')) || !tokens[2]) return false;
  return classifyStatement(statement.slice(tokens[2].start), syntax) === 'mutating';
}

/**
 * Statements node-sql-parser does not read but that only inspect: `SHOW …`, `DESCRIBE t`,
 * `SUMMARIZE t` (DuckDB), and `EXPLAIN <select>` (never EXPLAIN ANALYZE, which runs the statement).
 * Decided on lexer tokens of the first words, and only ever used to allow, never to refuse.
 */
function classifyUnparsed(statement: string, syntax: SqlSyntax): StatementKind {
  const tokens = tokenize(statement, syntax.lexer);
  const first = tokens[0]?.kind === 'word' ? tokens[0].text.toUpperCase() : '';
  if (first === 'EXPLAIN') {
    const second = tokens[1]?.kind === 'word' ? tokens[1].text.toUpperCase() : '';
    if (second === 'ANALYZE' || second === 'ANALYSE' || !tokens[1]) return 'unknown';
    const rest = statement.slice(tokens[1].start);
    return classifyStatement(rest, syntax) === 'select' ? 'select' : 'unknown';
  }
  if (
    (first === 'SHOW' || first === 'DESCRIBE' || first === 'DESC' || first === 'SUMMARIZE') &&
    tokens.length <= 4 &&
    tokens.slice(1).every((t) => t.kind === 'word' || t.kind === 'ident' || t.text === '.')
  ) {
    return 'select';
  }
  return 'unknown';
}

/** short enough to quote in a sentence; never over 60 characters */
const MAX_EXCERPT = 40;

/** A one-line piece of the script from `offset`; at the very end, the text just before it. */
function excerptAt(script: string, offset: number, statementEnd: number): string {
  const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();
  let text = oneLine(script.slice(offset, Math.min(statementEnd, offset + MAX_EXCERPT * 2)));
  if (!text) text = oneLine(script.slice(Math.max(0, offset - MAX_EXCERPT * 2), offset)).slice(-MAX_EXCERPT);
  if (text.length > MAX_EXCERPT) {
    const cut = text.lastIndexOf(' ', MAX_EXCERPT - 1);
    text = `${text.slice(0, cut > MAX_EXCERPT / 2 ? cut : MAX_EXCERPT - 1)}…`;
  }
  return text;
}

function errorAt(origin: { script: string; start: number }, offset: number, message: string, statementLength = Infinity): ParseError {
  const before = origin.script.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - (before.lastIndexOf('\n') + 1) + 1;
  return {
    line,
    column,
    excerpt: excerptAt(origin.script, offset, Math.min(origin.script.length, origin.start + statementLength)),
    message,
  };
}

/** node-sql-parser throws peg syntax errors with `location.start.offset` (relative to its trimmed input). */
function parseErrorOf(e: unknown, statement: string, syntax: SqlSyntax, origin: { script: string; start: number }): ParseError {
  const lead = statement.length - statement.trimStart().length;
  const loc = isRecord(e) && isRecord(e.location) && isRecord(e.location.start) ? e.location.start : null;
  const at = loc && typeof loc.offset === 'number' ? Math.min(statement.length, lead + loc.offset) : 0;
  const rest = tokenize(statement.slice(at, at + 200), syntax.lexer)[0];
  const message = !loc
    ? 'the parser could not read the statement'
    : rest
      ? `unexpected "${rest.text.length > 30 ? `${rest.text.slice(0, 29)}…` : rest.text}"`
      : 'unexpected end of the statement';
  return errorAt(origin, origin.start + at, message, statement.length);
}

/** The message for a statement refused because it could not be parsed (error type INVALID_SQL_ERROR). */
export function unparseableMessage(err: ParseError | null): string {
  if (!err) return 'The SQL could not be parsed, so it cannot be confirmed to only read data. Please check the syntax.';
  // two whole sentences (not one glued from parts): the server's catalogue translates each
  return err.excerpt
    ? `The SQL could not be parsed (line ${err.line}, column ${err.column}, near "${err.excerpt}"), so it cannot be confirmed to only read data. Please check the syntax.`
    : `The SQL could not be parsed (line ${err.line}, column ${err.column}), so it cannot be confirmed to only read data. Please check the syntax.`;
}

export interface ScriptCheck {
  statements: string[];
  kinds: StatementKind[];
  /** per statement: where the parser stopped, for 'unknown' ones; null for the others */
  errors: (ParseError | null)[];
  /** every statement is a read-only select */
  readOnly: boolean;
}

export function checkScript(sql: string, syntax: SqlSyntax): ScriptCheck {
  const spans = statementSpans(sql, syntax);
  const analyses = spans.map((s) => analyzeStatement(s.text, syntax, { script: sql, start: s.start }));
  const kinds = analyses.map((a) => a.kind);
  return {
    statements: spans.map((s) => s.text),
    kinds,
    errors: analyses.map((a) => a.error),
    readOnly: kinds.every((k) => k === 'select'),
  };
}
