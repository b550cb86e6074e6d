/**
 * Row limits on user SQL. The preferred form keeps the user's text: tighten an existing trailing
 * top-level `LIMIT n`, or append `LIMIT n`. When node-sql-parser cannot read the statement
 * (engine-specific syntax), the query is wrapped in a subquery instead, which every engine here
 * accepts for a row-returning statement.
 */
import { sqlParser } from './sql-parser.js';
import { isWord, tokenize, trimTrailingSemicolons, type Token } from './lexer.js';
import type { SqlSyntax } from './types.js';

type Parsed =
  | { kind: 'unparsable' }
  | { kind: 'multiple' }
  | { kind: 'other' }
  /** a single SELECT; `limit` is the parser's trailing limit literal (null: none, NaN: not a number) */
  | { kind: 'select'; limit: number | null };

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The row-count literal of a node-sql-parser `limit` node (null: no limit, NaN: not a literal). */
function limitOfNode(node: Record<string, unknown>): number | null {
  const limit = node.limit;
  if (!isRecord(limit) || !Array.isArray(limit.value) || limit.value.length === 0) return null;
  // `LIMIT offset, count` (MySQL/SQLite) puts the count second; `LIMIT n OFFSET m` puts it first
  const countNode: unknown = limit.seperator === ',' ? limit.value[1] : limit.value[0];
  if (isRecord(countNode) && countNode.type === 'number' && typeof countNode.value === 'number') return countNode.value;
  return Number.NaN;
}

function parse(sql: string, syntax: SqlSyntax): Parsed {
  let ast: unknown;
  try {
    ast = sqlParser().astify(sql, { database: syntax.parser });
  } catch {
    return { kind: 'unparsable' };
  }
  const list = Array.isArray(ast) ? ast : [ast];
  if (list.length !== 1) return { kind: 'multiple' };
  let node: unknown = list[0];
  // `SELECT … INTO new_table` writes instead of returning rows
  if (!isRecord(node) || node.type !== 'select' || (isRecord(node.into) && Boolean(node.into.expr))) {
    return { kind: 'other' };
  }
  // a set operation's trailing LIMIT is attached to the last SELECT of the chain
  while (isRecord(node) && isRecord(node._next)) node = node._next;
  return { kind: 'select', limit: isRecord(node) ? limitOfNode(node) : null };
}

type TrailingLimit = { kind: 'none' } | { kind: 'complex' } | { kind: 'literal'; value: number; token: Token };

/** Find the last top-level LIMIT clause and check that it is `LIMIT n [OFFSET m]` or `LIMIT m, n` at the end. */
function trailingLimit(tokens: Token[]): TrailingLimit {
  const toks = trimTrailingSemicolons(tokens);
  let at = -1;
  for (let i = toks.length - 1; i >= 0; i--) {
    if (toks[i].depth === 0 && isWord(toks[i], 'LIMIT')) {
      at = i;
      break;
    }
  }
  if (at < 0) return { kind: 'none' };
  const rest = toks.slice(at + 1);
  const isInt = (t: Token | undefined): t is Token => t !== undefined && t.kind === 'number' && /^[0-9]+$/.test(t.text);
  const literal = (t: Token): TrailingLimit => ({ kind: 'literal', value: Number(t.text), token: t });
  if (rest.length === 1 && isInt(rest[0])) return literal(rest[0]);
  if (rest.length === 3 && isInt(rest[0]) && isWord(rest[1], 'OFFSET') && isInt(rest[2])) return literal(rest[0]);
  if (rest.length === 3 && isInt(rest[0]) && rest[1].text === ',' && isInt(rest[2])) return literal(rest[2]);
  return { kind: 'complex' };
}

const SELECT_LIKE = new Set(['SELECT', 'WITH', 'FROM', 'VALUES', 'TABLE']);

function startsLikeSelect(tokens: Token[]): boolean {
  const first = tokens[0];
  if (!first) return false;
  if (first.kind === 'punct' && first.text === '(') return true;
  return first.kind === 'word' && SELECT_LIKE.has(first.text.toUpperCase());
}

/**
 * The rows a statement can return at most, read from its trailing top-level `LIMIT n` by the
 * tokenizer alone (no parse): null when it has none or one that is not a plain number.
 */
export function trailingRowBound(sql: string, syntax: SqlSyntax): number | null {
  const trailing = trailingLimit(tokenize(sql, syntax.lexer));
  return trailing.kind === 'literal' ? trailing.value : null;
}

/**
 * The row limit the statement itself sets with a trailing top-level `LIMIT n`, or null when it has
 * none (or one that is not a plain number, such as `LIMIT ALL` or `LIMIT $1`).
 */
export function existingLimit(sql: string, syntax: SqlSyntax): number | null {
  const parsed = parse(sql, syntax);
  if (parsed.kind === 'other' || parsed.kind === 'multiple') return null;
  const trailing = trailingLimit(tokenize(sql, syntax.lexer));
  if (trailing.kind !== 'literal') return null;
  if (parsed.kind === 'select' && parsed.limit !== trailing.value) return null;
  return trailing.value;
}

/** `SELECT * FROM (…) AS rama_limit LIMIT n`: the form every engine here accepts for a row-returning query. */
export function wrapLimit(sql: string, limit: number, syntax: SqlSyntax): string {
  const tokens = trimTrailingSemicolons(tokenize(sql, syntax.lexer));
  const body = tokens.length ? sql.slice(0, tokens[tokens.length - 1].end) : sql;
  return `SELECT * FROM (\n${body}\n) AS rama_limit LIMIT ${limit}`;
}

/**
 * Limit a single statement to at most `limit` rows, keeping the user's text where possible:
 * a trailing `LIMIT n` becomes `LIMIT min(n, limit)`, a SELECT without one gets `LIMIT limit`
 * appended, and a statement the parser cannot read is wrapped in a subquery. Statements that are
 * not SELECTs (DDL, DML, SHOW, PRAGMA, EXPLAIN …) are returned unchanged.
 */
export function applyLimitForSyntax(sql: string, limit: number, syntax: SqlSyntax): string {
  const lim = Math.max(0, Math.floor(limit));
  const tokens = tokenize(sql, syntax.lexer);
  const parsed = parse(sql, syntax);
  if (parsed.kind === 'other' || parsed.kind === 'multiple') return sql;
  if (parsed.kind === 'unparsable') return startsLikeSelect(tokens) ? wrapLimit(sql, lim, syntax) : sql;
  const trailing = trailingLimit(tokens);
  if (trailing.kind === 'none') {
    // the parser may still report a limit the tokenizer finds nested, e.g. `… UNION (SELECT … LIMIT 5)`:
    // the top level is unlimited either way, so appending is right
    const toks = trimTrailingSemicolons(tokens);
    const body = toks.length ? sql.slice(0, toks[toks.length - 1].end) : sql;
    return `${body}\nLIMIT ${lim}`;
  }
  if (trailing.kind === 'complex' || parsed.limit !== trailing.value) return wrapLimit(sql, lim, syntax);
  if (trailing.value <= lim) return sql;
  return `${sql.slice(0, trailing.token.start)}${lim}${sql.slice(trailing.token.end)}`;
}
