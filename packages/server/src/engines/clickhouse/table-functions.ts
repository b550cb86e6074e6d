/**
 * Table functions on a read-only ClickHouse session. `readonly=2` (what a read-only session needs for
 * the client's own settings) still lets a query call table functions that reach outside the server
 * with its rights: `url`, `file`, `remote`, `s3`, `mysql`, `postgresql`, `jdbc`… An allow-list keeps
 * the ones that only make rows (`numbers`, `zeros`, `values`, …) or read this server's own tables
 * (`merge`); any other call in a FROM or JOIN place is refused before the statement is sent.
 */
import { tokenize, type Token } from '../lexer.js';
import { clickhouseSyntax } from './syntax.js';

const ALLOWED = new Set(['numbers', 'numbers_mt', 'zeros', 'zeros_mt', 'generaterandom', 'values', 'null', 'view', 'merge']);

/** Words that end a FROM clause at their depth (a comma after them is not a join). */
const CLAUSE_ENDS = new Set([
  'where',
  'prewhere',
  'group',
  'order',
  'having',
  'limit',
  'union',
  'settings',
  'format',
  'on',
  'using',
  'select',
  'sample',
  'final',
  'into',
  'window',
  'qualify',
  'except',
  'intersect',
]);

/** A word token's text in lower case; null for any other token. */
const wordOf = (t: Token | undefined): string | null => (t?.kind === 'word' ? t.text.toLowerCase() : null);

/**
 * The first table function called in a FROM, JOIN or TABLE place that is not allowed, or null.
 * `tokens`: the statement's tokens when the caller has them already (one pass per statement).
 * Every chart query passes here: each token's text is lower-cased once, and only words and
 * parentheses are looked at further.
 */
export function refusedTableFunction(sql: string, tokens: readonly Token[] = tokenize(sql, clickhouseSyntax.lexer)): string | null {
  // per parenthesis depth: are we inside a FROM clause (where a comma starts another table)?
  const inFrom: boolean[] = [false];
  // the previous token's word (lower case), or null when it was not a word
  let beforeWord: string | null = null;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    const word = wordOf(t);
    const previousWord = beforeWord;
    beforeWord = word;
    const depth = inFrom.length - 1;
    if (t.kind === 'punct' && t.text === '(') {
      inFrom.push(false);
      continue;
    }
    if (t.kind === 'punct' && t.text === ')') {
      if (inFrom.length > 1) inFrom.pop();
      continue;
    }
    if (word === 'from' || word === 'join') {
      inFrom[depth] = true;
      continue;
    }
    if (word !== null && CLAUSE_ENDS.has(word)) {
      inFrom[depth] = false;
      continue;
    }
    if (word === null && t.kind !== 'ident') continue;
    const next = tokens[i + 1];
    if (next?.kind !== 'punct' || next.text !== '(') continue;
    const before = tokens[i - 1];
    const tablePlace =
      previousWord === 'from' ||
      previousWord === 'join' ||
      previousWord === 'table' ||
      (before?.kind === 'punct' && before.text === ',' && inFrom[depth]);
    if (!tablePlace) continue;
    const name = t.kind === 'ident' ? t.text.replace(/^[`"]|[`"]$/g, '') : t.text;
    if (!ALLOWED.has(name.toLowerCase())) return name;
  }
  return null;
}
