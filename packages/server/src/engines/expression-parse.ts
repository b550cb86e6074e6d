/**
 * The parser's half of the expression guard (sql/expression.ts): does node-sql-parser, in the
 * engine's dialect, read the expression as one SELECT of one expression with no sub-query?
 *
 * The text handed to the parser is the expression as the engine's lexer delimits it, with changes
 * that cannot alter its structure: every string literal becomes `'_'` and every quoted name `"c"`
 * (their content never matters to the structure, and the parser reads backslashes in PostgreSQL
 * and DuckDB literals as escapes, which those engines do not), and a few spellings the engine has
 * but the parser's grammar lacks become an equivalent it knows (`parserSpelling`). Where the
 * engine's grammar in node-sql-parser misses common forms (window functions, some names) a sibling
 * grammar gets a second try (`syntax.expressionGrammars`). Only the parse sees the changed text;
 * the query runs the original.
 */
import { isWord, type Token } from './lexer.js';
import type { SqlSyntax } from './types.js';
import { astifyBounded, PARSE_LIMIT_MS } from './parse-bounded.js';

const isPunct = (t: Token | undefined, text: string): boolean => t !== undefined && t.kind === 'punct' && t.text === text;

/** Words after which `[` opens a list literal rather than a subscript. */
const BEFORE_OPERAND = new Set(['AND', 'OR', 'NOT', 'IN', 'IS', 'WHEN', 'THEN', 'ELSE', 'LIKE', 'ILIKE', 'BETWEEN']);

/**
 * The parser's spelling of token `i`, or null to keep it. With the `castsAndOperators` rewrites:
 * `IS NOT DISTINCT FROM` → `IS DISTINCT FROM` (the grammar knows only the latter),
 * `TRY_CAST` → `CAST`, `//` and `**` and `^` → one arithmetic operator, postfix `ISNULL`/`NOTNULL`
 * → `IS [NOT] NULL`, a list literal `[1, 2]` → `ARRAY[1, 2]`; with `nullSafeEquals`: `<=>` → `=`. Always: the FROM and FOR of
 * `SUBSTRING(x FROM a FOR b)` → commas.
 */
function parserSpelling(
  tokens: Token[],
  i: number,
  rewrites: SqlSyntax['parserRewrites'],
  enclosingCall: string | null,
  identQuote: string,
): string | null {
  const t = tokens[i];
  const prev = tokens[i - 1];
  const next = tokens[i + 1];
  if (t.kind === 'string') return "'_'";
  if (t.kind === 'ident') return `${identQuote}c${identQuote}`;
  if ((isWord(t, 'FROM') || isWord(t, 'FOR')) && (enclosingCall === 'SUBSTRING' || enclosingCall === 'SUBSTR')) return ',';
  if (!isPunct(next, '(') && isWord(t, 'ISNULL')) return 'IS NULL';
  if (!isPunct(next, '(') && isWord(t, 'NOTNULL')) return 'IS NOT NULL';
  if (rewrites === 'nullSafeEquals') {
    // the null-safe equality `<=>`
    if (isPunct(t, '=') && isPunct(prev, '<') && isPunct(next, '>') && prev.end === t.start && t.end === next.start) return '';
    if (isPunct(t, '>') && isPunct(prev, '=') && isPunct(tokens[i - 2], '<') && prev.start === tokens[i - 2].end && t.start === prev.end)
      return '';
    return null;
  }
  if (rewrites !== 'castsAndOperators') return null;
  if (isWord(t, 'NOT') && isWord(prev, 'IS') && isWord(next, 'DISTINCT')) return '';
  if (isWord(t, 'TRY_CAST') && isPunct(next, '(')) return 'CAST';
  if ((isPunct(t, '/') && isPunct(prev, '/')) || (isPunct(t, '*') && isPunct(prev, '*'))) return prev.end === t.start ? '' : null;
  if (isPunct(t, '^')) return '*';
  if (isPunct(t, '[')) {
    const operand =
      prev === undefined ||
      (prev.kind === 'punct' && prev.text !== ')' && prev.text !== ']') ||
      (prev.kind === 'word' && BEFORE_OPERAND.has(prev.text.toUpperCase()));
    if (operand) return 'ARRAY[';
  }
  return null;
}

/** The expression in the parser's spelling, whitespace kept between tokens (comments were refused before). */
function forParser(text: string, tokens: Token[], rewrites: SqlSyntax['parserRewrites'], identQuote: string): string {
  let out = '';
  let at = 0;
  // the called name of each open parenthesis (or null), to know which call a FROM belongs to
  const calls: (string | null)[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (isPunct(t, ')')) calls.pop();
    const spelled = parserSpelling(tokens, i, rewrites, calls.length ? calls[calls.length - 1] : null, identQuote);
    out += text.slice(at, t.start) + (spelled ?? t.text);
    at = t.end;
    if (isPunct(t, '(')) {
      const callee = tokens[i - 1];
      calls.push(callee?.kind === 'word' ? callee.text.toUpperCase() : null);
    }
  }
  return out;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Deeper than any hand-written expression: refused rather than walked on. */
const MAX_AST_DEPTH = 2000;

/** A nested query anywhere below `node` (node-sql-parser marks them with `ast` or type `select`). */
function containsQuery(node: unknown, depth = 0): boolean | 'too deep' {
  if (depth > MAX_AST_DEPTH) return 'too deep';
  const children = Array.isArray(node) ? node : isRecord(node) ? Object.values(node) : [];
  if (isRecord(node) && (node.type === 'select' || 'ast' in node)) return true;
  for (const child of children) {
    if (typeof child !== 'object' || child === null) continue;
    const found = containsQuery(child, depth + 1);
    if (found !== false) return found;
  }
  return false;
}

const isEmpty = (v: unknown): boolean => v === null || v === undefined || (isRecord(v) && Array.isArray(v.value) && v.value.length === 0);

/** The verdict for a parse abandoned at the time limit (not a property of the text alone: never cached). */
export const TOO_COMPLEX = `it is too complex to check (over ${PARSE_LIMIT_MS / 1000} s).`;

/**
 * null when the parser reads the expression as one expression; 'subquery' when it holds a query;
 * otherwise why not (from the engine's own grammar), for the user. `condition`: read it as a
 * WHERE condition rather than a value.
 */
export function parsesAsOneExpression(syntax: SqlSyntax, text: string, tokens: Token[], condition: boolean): string | null {
  let first: string | null = null;
  for (const { grammar, identQuote } of syntax.expressionGrammars) {
    const verdict = readAs(grammar, forParser(text, tokens, syntax.parserRewrites, identQuote), condition);
    if (verdict === null || verdict === 'subquery' || verdict === TOO_COMPLEX) return verdict;
    first ??= verdict;
  }
  return first;
}

function readAs(grammar: string, spelled: string, condition: boolean): string | null {
  const prefix = condition ? 'SELECT 1 FROM t WHERE (' : 'SELECT (';
  const parsed = astifyBounded(`${prefix}${spelled})`, grammar);
  if ('abandoned' in parsed) return TOO_COMPLEX;
  if ('error' in parsed) return unreadable(parsed.error.offset, spelled, prefix.length);
  const ast = parsed.ast;
  const list = Array.isArray(ast) ? ast : [ast];
  const root: unknown = list[0];
  if (list.length !== 1 || !isRecord(root) || root.type !== 'select') return 'it reads as more than one statement.';
  if (!Array.isArray(root.columns) || root.columns.length !== 1 || !isEmpty(root.with) || root._next || root.set_op) {
    return 'it reads as more than one expression.';
  }
  const clauses = [root.groupby, root.having, root.orderby, root.limit, root.window, root.qualify];
  if (clauses.some((c) => !isEmpty(c)) || (condition ? isEmpty(root.where) : !isEmpty(root.where) || !isEmpty(root.from))) {
    return 'it reads as more than one expression.';
  }
  const query = containsQuery(condition ? root.where : root.columns);
  if (query === 'too deep') return 'it is nested too deeply.';
  return query ? 'subquery' : null;
}

/** Where the parser stopped (an offset in the text it was given), as the user's text near it. */
function unreadable(offset: number | null, spelled: string, prefixLength: number): string {
  if (offset === null) return 'the SQL parser could not read it.';
  const at = offset - prefixLength;
  if (at >= spelled.length) return 'it ends too early.';
  const near = spelled.slice(Math.max(0, at), Math.max(0, at) + 20).trim();
  return `the SQL parser could not read it near "${near}${spelled.length > at + 20 ? '…' : ''}".`;
}
