/**
 * Statement splitting and the read-only check for user SQL. Splitting uses the engine lexer
 * (quotes, comments and dollar-quoted bodies are respected); what a statement does is decided by
 * node-sql-parser's AST for the engine's dialect, never by scanning text. Anything the parser cannot
 * read is "unknown", and unknown is refused where data changes are not allowed (fail closed).
 */
import nodeSqlParser from 'node-sql-parser';
import { lexDialectOf, tokenize, type Token } from '../engines/lexer.js';

const { Parser } = nodeSqlParser;
const parser = new Parser();

/** Split a script into statements at top-level semicolons; empty and comment-only parts are dropped. */
export function splitStatements(sql: string, parserDialect: string): string[] {
  const tokens = tokenize(sql, lexDialectOf(parserDialect));
  const statements: string[] = [];
  let current: Token[] = [];
  const flush = () => {
    if (current.length) statements.push(sql.slice(current[0].start, current[current.length - 1].end).trim());
    current = [];
  };
  for (const t of tokens) {
    if (t.kind === 'punct' && t.text === ';' && t.depth === 0) flush();
    else current.push(t);
  }
  flush();
  return statements.filter((s) => s.length > 0);
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
    if (['insert', 'replace', 'update', 'delete', 'create', 'drop', 'alter', 'truncate', 'rename', 'grant', 'revoke', 'merge', 'lock', 'set', 'use', 'call', 'exec', 'load_data', 'transaction'].includes(type)) {
      return true;
    }
    if (type === 'select' && isRecord(node.into) && (node.into.expr || node.into.type)) return true;
  }
  return Object.values(node).some((v) => typeof v === 'object' && v !== null && containsMutation(v, depth + 1));
}

/** Classify one statement with the engine's parser dialect. */
export function classifyStatement(statement: string, parserDialect: string): StatementKind {
  let ast: unknown;
  try {
    ast = parser.astify(statement, { database: parserDialect });
  } catch {
    return classifyUnparsed(statement, parserDialect);
  }
  const list = Array.isArray(ast) ? ast : [ast];
  if (list.length !== 1 || !isRecord(list[0])) return 'unknown';
  const root = list[0];
  if (typeof root.type !== 'string' || !READ_TYPES.has(root.type)) return 'mutating';
  return containsMutation(root) ? 'mutating' : 'select';
}

/**
 * Statements node-sql-parser does not read but that only inspect: `SHOW …`, `DESCRIBE t`,
 * `SUMMARIZE t` (DuckDB), and `EXPLAIN <select>` (never EXPLAIN ANALYZE, which runs the statement).
 * Decided on lexer tokens of the first words, and only ever used to allow, never to refuse.
 */
function classifyUnparsed(statement: string, parserDialect: string): StatementKind {
  const tokens = tokenize(statement, lexDialectOf(parserDialect));
  const first = tokens[0]?.kind === 'word' ? tokens[0].text.toUpperCase() : '';
  if (first === 'EXPLAIN') {
    const second = tokens[1]?.kind === 'word' ? tokens[1].text.toUpperCase() : '';
    if (second === 'ANALYZE' || second === 'ANALYSE' || !tokens[1]) return 'unknown';
    const rest = statement.slice(tokens[1].start);
    return classifyStatement(rest, parserDialect) === 'select' ? 'select' : 'unknown';
  }
  if ((first === 'SHOW' || first === 'DESCRIBE' || first === 'DESC' || first === 'SUMMARIZE') && tokens.length <= 4 && tokens.slice(1).every((t) => t.kind === 'word' || t.kind === 'ident' || t.text === '.')) {
    return 'select';
  }
  return 'unknown';
}

export interface ScriptCheck {
  statements: string[];
  kinds: StatementKind[];
  /** every statement is a read-only select */
  readOnly: boolean;
}

export function checkScript(sql: string, parserDialect: string): ScriptCheck {
  const statements = splitStatements(sql, parserDialect);
  const kinds = statements.map((s) => classifyStatement(s, parserDialect));
  return { statements, kinds, readOnly: kinds.every((k) => k === 'select') };
}
