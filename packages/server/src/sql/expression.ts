/**
 * The guard for an analyst's SQL expression (a SQL metric, a calculated or custom column, a custom
 * WHERE or HAVING filter) before the chart data compiler puts it into a query: it must be one
 * expression and nothing more. Two independent checks, both required:
 *
 * - the engine's lexer (quotes, comments and dollar quoting as the engine reads them) refuses
 *   comments, `;`, unbalanced parentheses, sub-queries, set operations, statement keywords, and
 *   every call of a function that is not on the engine's allow-list, however written (any case,
 *   quoted, schema-qualified, PostgreSQL's `(value).fn`: engines/function-calls.ts). Functions that
 *   run text as SQL, read files or touch the session are on no list: a string argument is data.
 * - node-sql-parser must read `SELECT (<expr>)` (or `… WHERE (<expr>)`) in the engine's dialect as
 *   one SELECT of one expression; what it cannot read is refused (fail closed). A few spellings the
 *   parser's grammar lacks but the engine has (`IS NOT DISTINCT FROM`, `TRY_CAST`, `^`,
 *   `SUBSTRING(x FROM a FOR b)`, DuckDB list literals …) are swapped for an equivalent it knows,
 *   for the parse only (engines/expression-parse.ts): the security checks always see the original tokens.
 *
 * The parse runs under a time limit (engines/parse-bounded.ts). Verdicts are remembered per
 * engine, so the expressions of a dashboard are checked once, not on every refresh.
 *
 * The compiler still wraps every expression in parentheses, so the text cannot reach outside them.
 */
import { disallowedCall } from '../engines/function-calls.js';
import { isWord, tokenize, type LexRules, type Token } from '../engines/lexer.js';
import type { EngineSpec } from '../engines/types.js';
import { parsesAsOneExpression, TOO_COMPLEX } from '../engines/expression-parse.js';
import { isSideEffectFunction, tokensCallSideEffects } from './parse-effects.js';

export type ExpressionKind = 'metric' | 'column' | 'where' | 'having';

/** The expression is refused; the message is for the user (a 400). */
export class SqlExpressionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SqlExpressionError';
  }
}

/** Longer than any hand-written expression; keeps the parse (which runs inline) in milliseconds. */
export const MAX_EXPRESSION_LENGTH = 10_000;

/** The peer's wording for this refusal. */
const SUBQUERY_MESSAGE = 'Custom SQL fields cannot contain sub-queries.';

/** Words that only start or join queries: never part of an expression. */
const SUBQUERY_WORDS = new Set(['SELECT', 'VALUES', 'TABLE']);
const SET_OPERATORS = new Set(['UNION', 'INTERSECT', 'EXCEPT', 'MINUS']);
/** Reserved words of statements that change data or schema (a MySQL `INSERT(` is its string function). */
const STATEMENT_WORDS = new Set([
  'INSERT',
  'UPDATE',
  'DELETE',
  'MERGE',
  'UPSERT',
  'CREATE',
  'DROP',
  'ALTER',
  'TRUNCATE',
  'GRANT',
  'REVOKE',
  'INTO',
  'RETURNING',
  'OUTFILE',
  'DUMPFILE',
]);
/**
 * Words that begin a statement DuckDB (and PostgreSQL, for some) accepts as a sub-query, e.g.
 * `x IN (FROM t)` or `(SUMMARIZE t)`, or that run something. They are common column names too
 * (`load`, `copy`, `show`), so they are refused only where a statement would begin: first in the
 * expression or right after `(`, and followed by a name or a string.
 */
const STATEMENT_START_WORDS = new Set([
  'FROM',
  'SHOW',
  'DESCRIBE',
  'DESC',
  'SUMMARIZE',
  'PIVOT',
  'UNPIVOT',
  'EXPLAIN',
  'COPY',
  'CALL',
  'EXEC',
  'EXECUTE',
  'PRAGMA',
  'ATTACH',
  'DETACH',
  'INSTALL',
  'LOAD',
  'VACUUM',
  'SET',
  'USE',
]);

/** Words that continue an expression after a name: `(load IS NULL)` is a column, not a LOAD statement. */
const OPERATOR_WORDS = new Set([
  'IS',
  'IN',
  'NOT',
  'AND',
  'OR',
  'LIKE',
  'ILIKE',
  'GLOB',
  'REGEXP',
  'RLIKE',
  'BETWEEN',
  'COLLATE',
  'DIV',
  'MOD',
  'XOR',
  'AT',
  'SIMILAR',
  'ISNULL',
  'NOTNULL',
]);

const KIND_LABEL: Record<ExpressionKind, string> = {
  metric: 'metric',
  column: 'column',
  where: 'WHERE filter',
  having: 'HAVING filter',
};

const refuse = (message: string): never => {
  throw new SqlExpressionError(message);
};

/** Remembered verdicts (null: accepted) per spec, least recently used first. */
const verdicts = new WeakMap<EngineSpec, Map<string, string | null>>();
const MAX_VERDICTS = 1_000;

/**
 * Throw SqlExpressionError unless `expression` is one SQL expression for `spec`'s engine that
 * reads no other table, hides no text in comments, and calls only functions the engine allows.
 */
export function checkSqlExpression(spec: EngineSpec, expression: string, kind: ExpressionKind): void {
  let cache = verdicts.get(spec);
  if (!cache) verdicts.set(spec, (cache = new Map()));
  const key = `${kind}\0${expression}`;
  let verdict = cache.get(key);
  if (verdict === undefined) {
    verdict = freshVerdict(spec, expression, kind);
    // a timeout depends on the moment, not the text; text over the length limit is not worth keeping
    if (!verdict?.endsWith(TOO_COMPLEX) && expression.length <= MAX_EXPRESSION_LENGTH) cache.set(key, verdict);
    if (cache.size > MAX_VERDICTS) cache.delete(cache.keys().next().value as string);
  } else {
    // most recently used goes last
    cache.delete(key);
    cache.set(key, verdict);
  }
  if (verdict !== null) refuse(verdict);
}

/** The refusal message, or null when the expression is accepted. */
function freshVerdict(spec: EngineSpec, expression: string, kind: ExpressionKind): string | null {
  try {
    check(spec, expression, kind);
    return null;
  } catch (e) {
    if (e instanceof SqlExpressionError) return e.message;
    throw e;
  }
}

function check(spec: EngineSpec, expression: string, kind: ExpressionKind): void {
  const text = expression.trim();
  const label = KIND_LABEL[kind];
  if (!text) refuse(`The SQL expression of the ${label} is empty.`);
  if (text.length > MAX_EXPRESSION_LENGTH) {
    refuse(`The SQL expression is too long (more than ${MAX_EXPRESSION_LENGTH.toLocaleString('en-US')} characters).`);
  }
  if (text.includes('\0')) refuse('The SQL expression contains a NUL character.');
  const rules = spec.syntax.lexer;
  const tokens = tokenize(text, rules);
  checkText(text, tokens);
  if (rules.backslashDependsOnSettings) checkBackslashQuotes(text, tokens);
  checkWords(tokens, rules);
  checkCalls(spec, tokens);
  checkShape(tokens);
  const problem = parsesAsOneExpression(spec.syntax, text, tokens, kind === 'where' || kind === 'having');
  if (problem === 'subquery') refuse(SUBQUERY_MESSAGE);
  if (problem !== null) refuse(`The ${label} is not a single SQL expression: ${problem}`);
}

/** Comments, unterminated quotes, `;` and unbalanced brackets, from the tokens and the gaps between them. */
function checkText(text: string, tokens: Token[]): void {
  let end = 0;
  for (const t of [...tokens, null]) {
    // the lexer skips only whitespace and comments: anything else between two tokens is a comment
    const gap = text.slice(end, t ? t.start : text.length);
    if (/[^ \t\n\r\f]/.test(gap)) refuse('Comments are not allowed in a SQL expression.');
    if (!t) break;
    end = t.end;
    if (t.open) refuse(`A quoted ${t.kind === 'ident' ? 'name' : 'string'} is not closed: ${excerpt(t.text)}`);
    if (t.kind === 'punct' && t.text === ';') refuse('A SQL expression cannot contain ";" (one expression, not statements).');
  }
  const pairs: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
  const stack: string[] = [];
  for (const t of tokens) {
    if (t.kind !== 'punct') continue;
    if (t.text === '(' || t.text === '[' || t.text === '{') stack.push(t.text);
    else if (t.text in pairs && stack.pop() !== pairs[t.text]) refuse(`The brackets of the SQL expression do not match (at "${t.text}").`);
  }
  if (stack.length) refuse(`The brackets of the SQL expression do not match ("${stack[stack.length - 1]}" is not closed).`);
}

/** Where a literal opened at `open` (its quote) ends, reading backslashes as escapes or not; -1 if never. */
function literalEnd(text: string, open: number, backslash: boolean): number {
  const quote = text[open];
  for (let j = open + 1; j < text.length; j++) {
    if (backslash && text[j] === '\\') j++;
    else if (text[j] === quote) {
      if (text[j + 1] !== quote) return j + 1;
      j++;
    }
  }
  return -1;
}

/**
 * Whether a backslash escapes a quote depends on the server's settings (MySQL's
 * NO_BACKSLASH_ESCAPES, PostgreSQL's standard_conforming_strings). A literal that ends in a
 * different place under the other reading would let the database run as code what was checked
 * as text, so it is refused; a quote inside a literal is written as two quotes in every mode.
 */
function checkBackslashQuotes(text: string, tokens: Token[]): void {
  for (const t of tokens) {
    if (t.kind !== 'string' || !t.text.includes('\\')) continue;
    const open = t.text[0] === "'" || t.text[0] === '"' ? t.start : t.start + 1;
    // E'…' always reads backslash escapes, dollar quotes never: neither depends on a setting
    const escapeString = (t.text[0] === 'E' || t.text[0] === 'e') && t.text[1] === "'";
    if (escapeString || t.text[0] === '$' || (text[open] !== "'" && text[open] !== '"')) continue;
    if (literalEnd(text, open, true) !== literalEnd(text, open, false)) {
      refuse(
        "A backslash before a quote in a string is read differently depending on the database's settings: write a quote in a string as two quotes ('').",
      );
    }
  }
}

function checkWords(tokens: Token[], rules: LexRules): void {
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    const next = tokens[i + 1];
    if (t.kind === 'punct' && t.text === '@' && rules.atVariables) refuse('Variables (@name) are not allowed in a SQL expression.');
    // U&'…' and U&"…": text and names spelled with escapes, which would hide a function's name
    if (isWord(t, 'U') && next?.text === '&' && next.start === t.end && tokens[i + 2]?.start === next.end) {
      const after = tokens[i + 2];
      if (after.kind === 'string' || after.kind === 'ident') refuse('Unicode escapes (U&) are not allowed in a SQL expression.');
    }
    if (t.kind !== 'word') continue;
    const word = t.text.toUpperCase();
    if (SUBQUERY_WORDS.has(word)) refuse(SUBQUERY_MESSAGE);
    // WITH starts a common table expression, but is also part of TIMESTAMP WITH TIME ZONE
    if (word === 'WITH' && !isWord(next, 'TIME') && !isWord(next, 'LOCAL')) refuse(SUBQUERY_MESSAGE);
    if (SET_OPERATORS.has(word)) refuse('Set operations (UNION, INTERSECT, EXCEPT) are not allowed in a SQL expression.');
    if (STATEMENT_WORDS.has(word) && !(next?.kind === 'punct' && next.text === '(')) refuse(`${word} is not allowed in a SQL expression.`);
    const prev = tokens[i - 1];
    const statementPosition = !prev || (prev.kind === 'punct' && prev.text === '(');
    const followedByName =
      next !== undefined &&
      (next.kind === 'ident' || next.kind === 'string' || (next.kind === 'word' && !OPERATOR_WORDS.has(next.text.toUpperCase())));
    if (statementPosition && STATEMENT_START_WORDS.has(word) && followedByName) {
      refuse(
        word === 'FROM' || word === 'SHOW' || word === 'DESCRIBE' || word === 'DESC'
          ? SUBQUERY_MESSAGE
          : `${word} is not allowed in a SQL expression.`,
      );
    }
  }
}

const unquote = (t: Token): string => (t.kind === 'ident' ? t.text.slice(1, -1) : t.text);

function checkCalls(spec: EngineSpec, tokens: Token[]): void {
  const refused = disallowedCall(spec.expressionFunctions, tokens);
  if (refused !== null) refuse(`The function ${refused} is not allowed in a SQL expression.`);
  // a second list, kept for the attribute form `t.fn` too: what changes data or the session
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if ((t.kind !== 'word' && t.kind !== 'ident') || !isSideEffectFunction(unquote(t))) continue;
    const called = tokens[i + 1]?.kind === 'punct' && tokens[i + 1].text === '(';
    const attribute = spec.expressionFunctions.attributeCalls && tokens[i - 1]?.kind === 'punct' && tokens[i - 1].text === '.';
    if (called || attribute) refuse(`The function ${unquote(t)} is not allowed in a SQL expression.`);
  }
  // MariaDB's NEXT VALUE FOR seq and anything else the side-effect rules know
  if (tokensCallSideEffects(tokens)) refuse('A SQL expression cannot change data or the session.');
}

/** One expression, without an alias: nothing at the top level separates or names it. */
function checkShape(tokens: Token[]): void {
  let depth = 0;
  for (const t of tokens) {
    if (t.kind === 'punct' && (t.text === '(' || t.text === '[' || t.text === '{')) depth++;
    else if (t.kind === 'punct' && (t.text === ')' || t.text === ']' || t.text === '}')) depth--;
    else if (depth === 0 && t.kind === 'punct' && t.text === ',')
      refuse('A SQL expression holds one expression: remove the comma between expressions.');
    else if (depth === 0 && isWord(t, 'AS')) refuse('Remove the alias (AS …) from the SQL expression: its label is set separately.');
  }
}

function excerpt(text: string): string {
  return text.length > 30 ? `${text.slice(0, 30)}…` : text;
}
