/**
 * What one statement refers to, read from its tokens: tables in FROM/JOIN (with aliases),
 * CTEs and aliased subqueries with the column names of their select list. Good enough for
 * completion; it is forgiving with half-typed SQL and never throws.
 */
import { identifierName, isIdentifier, isWord, type SqlToken } from './sqlTokens.js';

export interface TableRef {
  schema: string | null;
  name: string;
  alias: string | null;
  /** index of the table name's last token in the statement tokens */
  tokenIndex: number;
}

/** A CTE or an aliased subquery: a name and the columns its select list names. */
export interface DerivedTable {
  name: string;
  kind: 'cte' | 'subquery';
  columns: string[];
  /** the select list has `*` / `t.*`: those tables' columns belong to it too */
  starFrom: TableRef[];
  /** CTEs: token indexes `[from, to)` of the body, between its parentheses */
  body?: [number, number];
}

export interface StatementScope {
  tables: TableRef[];
  derived: DerivedTable[];
}

/** Words that end a table reference: never read as an alias. */
const NOT_ALIAS = new Set(
  (
    'WHERE GROUP ORDER HAVING LIMIT OFFSET ON USING JOIN INNER LEFT RIGHT FULL OUTER CROSS NATURAL ' +
    'LATERAL UNION INTERSECT EXCEPT MINUS WINDOW QUALIFY FETCH FOR SET VALUES RETURNING SELECT FROM ' +
    'WITH INTO TABLESAMPLE PIVOT UNPIVOT ASOF POSITIONAL ANTI SEMI STRAIGHT_JOIN WHEN THEN ELSE END ' +
    'AND OR NOT PARTITION USE FORCE IGNORE INDEX ONLY AS SAMPLE DEFAULT CASE IS NULL LIKE IN BETWEEN'
  ).split(' '),
);

const CLAUSE_AFTER_SELECT_LIST = new Set([
  'FROM',
  'INTO',
  'WHERE',
  'GROUP',
  'ORDER',
  'HAVING',
  'LIMIT',
  'UNION',
  'INTERSECT',
  'EXCEPT',
  'WINDOW',
  'QUALIFY',
]);

const upper = (t: SqlToken | undefined): string => (t && t.kind === 'word' ? t.text.toUpperCase() : '');

function isPunct(t: SqlToken | undefined, p: string): boolean {
  return t !== undefined && t.kind === 'punct' && t.text === p;
}

/** Index of the `)` matching the `(` at `open`, or `end` when it is never closed. */
export function matchingParen(tokens: readonly SqlToken[], open: number, end = tokens.length): number {
  let depth = 0;
  for (let i = open; i < end; i++) {
    if (isPunct(tokens[i], '(')) depth++;
    else if (isPunct(tokens[i], ')') && --depth === 0) return i;
  }
  return end;
}

/** `a.b.c` starting at `i`: the name parts and the index after them. */
function dottedName(tokens: readonly SqlToken[], i: number, end: number): { parts: string[]; next: number } {
  const parts: string[] = [identifierName(tokens[i])];
  let j = i + 1;
  while (j + 1 < end && isPunct(tokens[j], '.') && isIdentifier(tokens[j + 1])) {
    parts.push(identifierName(tokens[j + 1]));
    j += 2;
  }
  return { parts, next: j };
}

/** `[AS] alias` at `i`: the alias and the index after it. */
function readAlias(tokens: readonly SqlToken[], i: number, end: number): { alias: string | null; next: number } {
  let j = i;
  const hasAs = isWord(tokens[j], 'AS');
  if (hasAs) j++;
  const t = tokens[j];
  if (j < end && isIdentifier(t) && (t.kind === 'quoted' || !NOT_ALIAS.has(t.text.toUpperCase()))) {
    let next = j + 1;
    // `t AS a (x, y)`: the column aliases are skipped
    if (hasAs && isPunct(tokens[next], '(')) next = matchingParen(tokens, next, end) + 1;
    return { alias: identifierName(t), next };
  }
  return { alias: null, next: j };
}

/** Column names produced by the select list of the query in `tokens[from, to)`. */
export function selectListColumns(tokens: readonly SqlToken[], from: number, to: number): { columns: string[]; starFrom: TableRef[] } {
  let i = from;
  while (i < to && !isWord(tokens[i], 'SELECT')) {
    if (isPunct(tokens[i], '(')) i = matchingParen(tokens, i, to);
    i++;
  }
  if (i >= to) return { columns: [], starFrom: [] };
  i++;
  if (isWord(tokens[i], 'DISTINCT') || isWord(tokens[i], 'ALL')) i++;
  if (isWord(tokens[i], 'ON') && isPunct(tokens[i + 1], '(')) i = matchingParen(tokens, i + 1, to) + 1;
  const items: [number, number][] = [];
  let itemStart = i;
  let listEnd = to;
  for (let j = i; j < to; j++) {
    const t = tokens[j];
    if (isPunct(t, '(')) j = matchingParen(tokens, j, to);
    else if (isPunct(t, ',')) {
      items.push([itemStart, j]);
      itemStart = j + 1;
    } else if (CLAUSE_AFTER_SELECT_LIST.has(upper(t)) || isPunct(t, ')')) {
      listEnd = j;
      break;
    }
  }
  items.push([itemStart, listEnd]);
  const columns: string[] = [];
  let star = false;
  const starQualifiers: string[] = [];
  for (const [a, b] of items) {
    const len = b - a;
    if (len <= 0) continue;
    const last = tokens[b - 1];
    const prev = tokens[b - 2];
    if (last.kind === 'operator' && last.text === '*') {
      if (len === 1) star = true;
      else if (len === 3 && isPunct(prev, '.') && isIdentifier(tokens[a])) starQualifiers.push(identifierName(tokens[a]));
      continue;
    }
    if (!isIdentifier(last) || (last.kind === 'word' && NOT_ALIAS.has(last.text.toUpperCase()) && !isWord(prev, 'AS'))) continue;
    const aliasLike =
      len === 1 ||
      isPunct(prev, '.') ||
      isWord(prev, 'AS') ||
      isPunct(prev, ')') ||
      isIdentifier(prev) ||
      prev?.kind === 'number' ||
      prev?.kind === 'string';
    if (aliasLike) columns.push(identifierName(last));
  }
  let starFrom: TableRef[] = [];
  if (star || starQualifiers.length > 0) {
    const inner = tableRefs(tokens, listEnd, to);
    starFrom = star ? inner : inner.filter((r) => starQualifiers.some((q) => eqName(q, r.alias ?? r.name)));
  }
  return { columns, starFrom };
}

function eqName(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** Table references after FROM/JOIN/UPDATE/INTO in `tokens[from, to)`, at any nesting depth. */
function tableRefs(tokens: readonly SqlToken[], from: number, to: number, derived?: DerivedTable[]): TableRef[] {
  const refs: TableRef[] = [];
  for (let i = from; i < to; i++) {
    const kw = upper(tokens[i]);
    const list = kw === 'FROM';
    if (!(list || kw === 'JOIN' || kw === 'UPDATE' || (kw === 'INTO' && i > from && isWord(tokens[i - 1], 'INSERT')))) continue;
    let j = i + 1;
    for (;;) {
      while (isWord(tokens[j], 'LATERAL') || isWord(tokens[j], 'ONLY')) j++;
      const t = tokens[j];
      if (j >= to || !t) break;
      if (isPunct(t, '(')) {
        const close = matchingParen(tokens, j, to);
        const { alias, next } = readAlias(tokens, close + 1, to);
        if (alias && derived) {
          const { columns, starFrom } = selectListColumns(tokens, j + 1, close);
          derived.push({ name: alias, kind: 'subquery', columns, starFrom });
        }
        j = next;
      } else if (isIdentifier(t) && (t.kind === 'quoted' || !NOT_ALIAS.has(t.text.toUpperCase()))) {
        const { parts, next } = dottedName(tokens, j, to);
        // `FROM sales.` is being typed: not a reference yet
        if (isPunct(tokens[next], '.')) break;
        if (isPunct(tokens[next], '(')) {
          // a table function: read_csv(...) AS t
          j = readAlias(tokens, matchingParen(tokens, next, to) + 1, to).next;
        } else {
          const { alias, next: afterAlias } = readAlias(tokens, next, to);
          refs.push({
            schema: parts.length >= 2 ? parts[parts.length - 2] : null,
            name: parts[parts.length - 1],
            alias,
            tokenIndex: next - 1,
          });
          j = afterAlias;
        }
      } else break;
      if (!(list && isPunct(tokens[j], ','))) break;
      j++;
    }
  }
  return refs;
}

/** CTEs of every `WITH` in the statement, in order of definition. */
function ctes(tokens: readonly SqlToken[]): DerivedTable[] {
  const out: DerivedTable[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (!isWord(tokens[i], 'WITH')) continue;
    let j = i + 1;
    if (isWord(tokens[j], 'RECURSIVE')) j++;
    while (isIdentifier(tokens[j])) {
      const name = identifierName(tokens[j]);
      j++;
      let explicit: string[] | null = null;
      if (isPunct(tokens[j], '(')) {
        const close = matchingParen(tokens, j);
        explicit = tokens
          .slice(j + 1, close)
          .filter(isIdentifier)
          .map(identifierName);
        j = close + 1;
      }
      if (!isWord(tokens[j], 'AS')) break;
      j++;
      if (isWord(tokens[j], 'NOT')) j++;
      if (isWord(tokens[j], 'MATERIALIZED')) j++;
      if (!isPunct(tokens[j], '(')) break;
      const close = matchingParen(tokens, j);
      const body = selectListColumns(tokens, j + 1, close);
      out.push({ name, kind: 'cte', columns: explicit ?? body.columns, starFrom: explicit ? [] : body.starFrom, body: [j + 1, close] });
      j = close + 1;
      if (!isPunct(tokens[j], ',')) break;
      j++;
    }
  }
  return out;
}

/**
 * Tables, CTEs and aliased subqueries of one statement's tokens (comments excluded). References to
 * a CTE are in `tables` too; the caller tells them apart by name.
 */
export function statementScope(tokens: readonly SqlToken[]): StatementScope {
  const derived = ctes(tokens);
  return { tables: tableRefs(tokens, 0, tokens.length, derived), derived };
}
