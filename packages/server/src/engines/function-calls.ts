/**
 * Finding the function calls in an expression's tokens, every way the engine's grammar writes one,
 * and checking each against the engine's allow-list (engines/functions.ts):
 *
 * - `name(…)`, `"name"(…)`, `` `name`(…) ``, `[name](…)`, with any space before the parenthesis;
 * - dotted: `schema.name(…)` (PostgreSQL: only `pg_catalog`; MySQL, SQLite: never, as that calls a
 *   stored function of another schema) and DuckDB's `value.name(…)`;
 * - PostgreSQL's attribute form `(value).name` and `(value)[1].name`, which calls name(value);
 *   `t.name` calls name only with a whole table row, so there only the never-allowed names count.
 *
 * Keywords written before a parenthesis (`IN (…)`, `OVER (…)`, `CAST(x AS DECIMAL(10, 2))`) are not
 * calls. A word that is both (DuckDB's `glob(…)` and the `x GLOB (…)` operator) is a call unless an
 * operand comes before it. Used only to refuse: a name found here that is not on the list is refused.
 */
import { NEVER_ALLOWED, type FunctionPolicy } from './functions.js';
import type { Token } from './lexer.js';

/** Words that may stand before `(` without calling anything; none is a function anywhere. */
const NOT_CALLS = new Set([
  'CASE',
  'WHEN',
  'THEN',
  'ELSE',
  'NOT',
  'AND',
  'OR',
  'XOR',
  'IN',
  'IS',
  'BETWEEN',
  'LIKE',
  'ILIKE',
  'RLIKE',
  'REGEXP',
  'DIV',
  'DISTINCT',
  'ALL',
  'ANY',
  'SOME',
  'OVER',
  'FILTER',
  'GROUP',
  'BY',
  'FROM',
  'FOR',
  'WHERE',
  'TO',
  'ESCAPE',
  'ZONE',
  'INTERVAL',
  'ARRAY',
  'ROW',
  'OF',
  'AGAINST',
  'LEADING',
  'TRAILING',
  'BOTH',
]);

/** Binary operators that are also functions somewhere (DuckDB's glob reads the file system). */
const OPERATOR_OR_CALL = new Set(['GLOB', 'MATCH']);

/** Words a multi-word type name starts with: `CHARACTER VARYING(10)`, `NATIONAL CHAR(5)`. */
const TYPE_PREFIX_WORDS = new Set(['CHARACTER', 'CHAR', 'BIT', 'NATIONAL', 'NCHAR', 'DOUBLE']);

const isPunct = (t: Token | undefined, text: string): boolean => t !== undefined && t.kind === 'punct' && t.text === text;
const upper = (t: Token | undefined): string => (t !== undefined && t.kind === 'word' ? t.text.toUpperCase() : '');
const unquote = (t: Token): string => (t.kind === 'ident' ? t.text.slice(1, -1) : t.text);

/** Does token j end an operand (so a following GLOB is the operator)? */
function endsOperand(tokens: Token[], j: number): boolean {
  const t = tokens[j];
  if (t === undefined) return false;
  if (t.kind === 'string' || t.kind === 'number' || t.kind === 'ident' || t.kind === 'param') return true;
  if (t.kind === 'punct') return t.text === ')' || t.text === ']';
  const word = upper(t);
  if (word === 'NULL' || word === 'TRUE' || word === 'FALSE' || word === 'END') return true;
  if (word === 'NOT') return endsOperand(tokens, j - 1);
  return !NOT_CALLS.has(word) && !OPERATOR_OR_CALL.has(word);
}

/** `::` ending at token j (two adjacent colons). */
const castOperatorAt = (tokens: Token[], j: number): boolean =>
  isPunct(tokens[j], ':') && isPunct(tokens[j - 1], ':') && tokens[j - 1].end === tokens[j].start;

/** Is the word at i a type name with a length (after `AS` or `::`, maybe after a type's first words)? */
function inTypePosition(tokens: Token[], i: number): boolean {
  let j = i - 1;
  while (j >= i - 2 && TYPE_PREFIX_WORDS.has(upper(tokens[j]))) j--;
  return upper(tokens[j]) === 'AS' || castOperatorAt(tokens, j);
}

/** The name as the engine would look it up: quoted names keep their case where the engine's do. */
function allowed(policy: FunctionPolicy, t: Token): boolean {
  const name = unquote(t);
  const key = name.toLowerCase();
  if (t.kind === 'ident' && policy.caseSensitiveQuotes && name !== key) return false;
  return policy.allowed.has(key);
}

/**
 * The first call the policy does not allow, as the name to put in the refusal (the qualified name
 * when only the qualifier is wrong), or null when every call is allowed.
 */
export function disallowedCall(policy: FunctionPolicy, tokens: Token[]): string | null {
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.kind !== 'word' && t.kind !== 'ident') continue;
    const name = unquote(t);
    const dotted = isPunct(tokens[i - 1], '.');
    if (isPunct(tokens[i + 1], '(')) {
      if (!dotted && t.kind === 'word') {
        const word = upper(t);
        if (NOT_CALLS.has(word) || inTypePosition(tokens, i)) continue;
        if (OPERATOR_OR_CALL.has(word) && endsOperand(tokens, i - 1)) continue;
      }
      if (!allowed(policy, t)) return name;
      if (dotted && !qualifierAllowed(policy, tokens, i)) return `${tokens[i - 2]?.text ?? ''}.${name}`;
      continue;
    }
    if (!dotted || !policy.attributeCalls) continue;
    const before = tokens[i - 2];
    // `(value).name`: a call of name(value); `t.name`: a column, or a call with t's whole row
    if (isPunct(before, ')') || isPunct(before, ']')) {
      if (!allowed(policy, t)) return name;
    } else if (NEVER_ALLOWED.has(name.toLowerCase())) {
      return name;
    }
  }
  return null;
}

/** May a dotted call `q.name(…)` at token i be made (name itself being allowed)? */
function qualifierAllowed(policy: FunctionPolicy, tokens: Token[], i: number): boolean {
  if (policy.dottedCalls === 'method') return true;
  if (policy.dottedCalls === 'none' || policy.catalogSchema === null) return false;
  const q = tokens[i - 2];
  // one qualifier, no database before it
  if (q === undefined || isPunct(tokens[i - 3], '.')) return false;
  if (q.kind === 'word') return q.text.toLowerCase() === policy.catalogSchema;
  return q.kind === 'ident' && unquote(q) === policy.catalogSchema;
}
