/**
 * Schema-aware SQL completion for SQL Lab's editor, pure: candidates for the statement under the
 * cursor and the position they replace from. The editor (CodeMirror) filters them by the typed
 * prefix. Tables referenced by the statement whose columns are not known yet are reported in
 * `needColumnsFor` so the page can load them lazily.
 */
import type { EditorDialectInfo } from '../api/database.js';
import { statementScope, type DerivedTable, type StatementScope, type TableRef } from './sqlScope.js';
import { identifierName, isIdentifier, isWord, statementRangeAt, tokenizeOptionsFor, tokenizeSql, type SqlToken } from './sqlTokens.js';

export { editorDialectOf, sqlFunctions, sqlKeywords, STANDARD_EDITOR_DIALECT } from './sqlWords.js';

export type CompletionKind = 'keyword' | 'function' | 'schema' | 'table' | 'view' | 'column' | 'alias' | 'cte';

export interface SqlCompletionOption {
  label: string;
  type: CompletionKind;
  detail?: string;
  boost?: number;
}

export interface SchemaTable {
  schema: string | null;
  name: string;
  type: 'table' | 'view';
}

export interface SqlCompletionInput {
  sql: string;
  cursor: number;
  defaultSchema: string | null;
  schemas: string[];
  tables: SchemaTable[];
  /** key: "schema.table", or "table" for tables without a schema */
  columns: Record<string, { name: string; type: string }[]>;
  keywords: string[];
  functions: string[];
  /** the database's editor dialect, for quoting and comment rules (`#` comments, backslash escapes) */
  dialect?: EditorDialectInfo;
}

export interface SqlCompletionResult {
  from: number;
  options: SqlCompletionOption[];
  needColumnsFor: { schema: string | null; name: string }[];
}

/** Ranking: what the user most likely means in each place (CodeMirror adds it to the match score). */
const BOOST = {
  column: 40,
  alias: 35,
  cte: 30,
  defaultTable: 25,
  schema: 15,
  otherTable: 10,
  function: 0,
  keyword: -5,
  tablePlace: 50,
} as const;

/** Keywords after which a table name is expected. */
const TABLE_PLACE = new Set(['FROM', 'JOIN', 'UPDATE', 'INTO', 'TABLE', 'DESCRIBE', 'SUMMARIZE']);

const eq = (a: string | null, b: string | null): boolean => (a === null || b === null ? a === b : a.toLowerCase() === b.toLowerCase());

/** The known table a reference denotes: the default schema first, then one without schema. */
function resolveTable(input: SqlCompletionInput, schema: string | null, name: string): SchemaTable | null {
  const named = input.tables.filter((t) => eq(t.name, name) && (schema === null || eq(t.schema, schema)));
  if (named.length === 0) return null;
  const exact = named.filter((t) => t.name === name);
  const pool = exact.length > 0 ? exact : named;
  if (schema !== null) return pool[0];
  return pool.find((t) => eq(t.schema, input.defaultSchema)) ?? pool.find((t) => t.schema === null) ?? pool[0];
}

function columnsOf(input: SqlCompletionInput, schema: string | null, name: string): { name: string; type: string }[] | undefined {
  const s = schema ?? input.defaultSchema;
  return (s !== null ? input.columns[`${s}.${name}`] : undefined) ?? input.columns[name];
}

/** What a reference points at once resolved: a known table, a CTE/subquery, or an unknown name. */
type Target = { kind: 'table'; schema: string | null; name: string; known: boolean } | { kind: 'derived'; derived: DerivedTable };

class Resolver {
  readonly need = new Map<string, { schema: string | null; name: string }>();

  constructor(
    private readonly input: SqlCompletionInput,
    private readonly scope: StatementScope,
  ) {}

  derivedNamed(name: string): DerivedTable | undefined {
    return this.scope.derived.find((d) => eq(d.name, name));
  }

  /** A table reference as written: CTE names win over tables of the same unqualified name. */
  target(ref: { schema: string | null; name: string }): Target {
    const derived = ref.schema === null ? this.derivedNamed(ref.name) : undefined;
    if (derived?.kind === 'cte') return { kind: 'derived', derived };
    const table = resolveTable(this.input, ref.schema, ref.name);
    if (table) return { kind: 'table', schema: table.schema, name: table.name, known: true };
    return { kind: 'table', schema: ref.schema, name: ref.name, known: false };
  }

  /**
   * Columns of a target, or null when they are not loaded. Unknown tables are only asked for when
   * their schema's tables are not loaded either (a typo in a loaded schema stays quiet).
   */
  columns(target: Target, seen = new Set<DerivedTable>()): { name: string; type: string; table: string }[] | null {
    if (target.kind === 'derived') {
      if (seen.has(target.derived)) return [];
      seen.add(target.derived);
      const own = target.derived.columns.map((c) => ({ name: c, type: '', table: target.derived.name }));
      const star = target.derived.starFrom.flatMap((r) => this.columns(this.target(r), seen) ?? []);
      return [...own, ...star];
    }
    const cols = columnsOf(this.input, target.schema, target.name);
    if (cols) return cols.map((c) => ({ ...c, table: target.name }));
    const schema = target.known ? target.schema : (target.schema ?? this.input.defaultSchema);
    const schemaLoaded = schema === null || this.input.tables.some((t) => eq(t.schema, schema));
    if (target.known || !schemaLoaded) this.need.set(`${schema ?? ''}.${target.name}`, { schema, name: target.name });
    return null;
  }
}

/**
 * Where the cursor is: in a word or quoted name (replace from its start, after the quote), in a
 * string, comment or number (no completion), or between tokens.
 */
function cursorPlace(tokens: readonly SqlToken[], cursor: number): { skip: boolean; from: number; word: SqlToken | null } {
  for (const t of tokens) {
    if (t.start >= cursor) break;
    const lineComment = t.kind === 'comment' && !t.text.startsWith('/*');
    // a word or line comment still holds the cursor at its end; a closed quote or block does not
    const endInclusive = t.kind === 'word' || t.kind === 'number' || lineComment || t.unterminated === true;
    if (endInclusive ? cursor > t.end : cursor >= t.end) continue;
    if (t.kind === 'word') return { skip: false, from: t.start, word: t };
    if (t.kind === 'quoted') return { skip: false, from: t.start + 1, word: t };
    return { skip: true, from: cursor, word: null };
  }
  return { skip: false, from: cursor, word: null };
}

const tableLabel = (t: SchemaTable, input: SqlCompletionInput): string =>
  t.schema === null || eq(t.schema, input.defaultSchema) ? t.name : `${t.schema}.${t.name}`;

class OptionList {
  readonly items: SqlCompletionOption[] = [];
  private readonly seen = new Set<string>();

  add(label: string, type: CompletionKind, boost: number, detail?: string): void {
    const key = `${type === 'column' ? 'c' : type}:${label}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.items.push(detail ? { label, type, detail, boost } : { label, type, boost });
  }

  addColumns(cols: { name: string; type: string; table: string }[], boost: number): void {
    for (const c of cols) this.add(c.name, 'column', boost, c.type || c.table);
  }

  addTables(tables: SchemaTable[], input: SqlCompletionInput, boost: number, qualified: boolean): void {
    for (const t of tables) this.add(qualified ? tableLabel(t, input) : t.name, t.type, boost, t.schema ?? undefined);
  }
}

/** Completions after `a.` / `a.b.`: columns of an alias, CTE or table; tables of a schema. */
function qualifiedOptions(parts: string[], input: SqlCompletionInput, refs: TableRef[], resolver: Resolver, list: OptionList): void {
  if (parts.length === 1) {
    const q = parts[0];
    // an alias shadows a CTE or table of that name, which shadow a schema
    const aliased = refs.find((r) => r.alias !== null && eq(r.alias, q));
    const derived = resolver.derivedNamed(q);
    const named = refs.find((r) => r.alias === null && eq(r.name, q));
    const target: Target | null = aliased
      ? resolver.target(aliased)
      : derived
        ? { kind: 'derived', derived }
        : named
          ? resolver.target(named)
          : null;
    if (target) {
      list.addColumns(resolver.columns(target) ?? [], BOOST.column);
      return;
    }
    if (input.schemas.some((s) => eq(s, q)) || input.tables.some((t) => eq(t.schema, q))) {
      list.addTables(
        input.tables.filter((t) => eq(t.schema, q)),
        input,
        BOOST.defaultTable,
        false,
      );
      return;
    }
  }
  const [schema, name] = parts.length >= 2 ? [parts[parts.length - 2], parts[parts.length - 1]] : [null, parts[0]];
  const target = resolver.target({ schema, name });
  if (target.kind === 'table' && !target.known && parts.length >= 2) {
    // catalog.schema.: the schema's tables
    const tables = input.tables.filter((t) => eq(t.schema, name));
    if (tables.length > 0) return list.addTables(tables, input, BOOST.defaultTable, false);
  }
  if (target.kind === 'derived' || target.known) list.addColumns(resolver.columns(target) ?? [], BOOST.column);
}

/** Whether a table name goes here: right after FROM/JOIN/INTO/…, or after a comma of a FROM list at the same depth. */
function inTablePlace(prev: SqlToken[]): boolean {
  const last = prev[prev.length - 1];
  if (!last) return false;
  if (last.kind === 'word' && TABLE_PLACE.has(last.text.toUpperCase())) return true;
  if (!(last.kind === 'punct' && last.text === ',')) return false;
  let depth = 0;
  for (let i = prev.length - 2; i >= 0; i--) {
    const t = prev[i];
    if (t.kind === 'punct' && t.text === ')') depth++;
    else if (t.kind === 'punct' && t.text === '(') {
      if (depth-- === 0) return false;
    } else if (depth === 0 && t.kind === 'word') {
      const w = t.text.toUpperCase();
      if (w === 'FROM') return true;
      if (w === 'SELECT' || w === 'WHERE' || w === 'ON' || w === 'GROUP' || w === 'ORDER' || w === 'JOIN' || w === 'BY') return false;
    }
  }
  return false;
}

/** Completion candidates for the statement under the cursor (see the module comment). */
export function sqlCompletions(input: SqlCompletionInput): SqlCompletionResult {
  const cursor = Math.max(0, Math.min(input.cursor, input.sql.length));
  const options = tokenizeOptionsFor(input.dialect);
  const range = statementRangeAt(input.sql, cursor, options);
  const tokens = tokenizeSql(input.sql, options, range.from, range.to);
  const place = cursorPlace(tokens, cursor);
  if (place.skip) return { from: cursor, options: [], needColumnsFor: [] };

  const statement = tokens.filter((t) => t.kind !== 'comment');
  // the word being typed is not a table reference yet: `FROM ord|` must not ask for "ord"
  const scopeTokens = statement.filter((t) => t !== place.word);
  const scope = statementScope(scopeTokens);
  const cursorIndex = scopeTokens.filter((t) => t.end <= place.from).length;
  // tables read inside a CTE body belong to that CTE, unless the cursor is in that body
  const inOtherCte = (tokenIndex: number) =>
    scope.derived.some(
      (d) => d.body && tokenIndex >= d.body[0] && tokenIndex < d.body[1] && !(cursorIndex >= d.body[0] && cursorIndex <= d.body[1]),
    );
  const visibleTables = scope.tables.filter((r) => !inOtherCte(r.tokenIndex));
  const resolver = new Resolver(input, scope);
  const list = new OptionList();
  const prev = statement.filter((t) => t.end <= place.from && t !== place.word);
  const last = prev[prev.length - 1];
  const inDefaultSchema = (t: SchemaTable) => t.schema === null || eq(t.schema, input.defaultSchema);

  if (last && last.kind === 'punct' && last.text === '.') {
    const parts: string[] = [];
    let i = prev.length - 2;
    while (i >= 0 && isIdentifier(prev[i]) && prev[i].end === prev[i + 1].start) {
      parts.unshift(identifierName(prev[i]));
      if (i >= 1 && prev[i - 1].kind === 'punct' && prev[i - 1].text === '.') i -= 2;
      else break;
    }
    // the statement's own level first: an alias inside another CTE body is reused often
    const refs = [...visibleTables, ...scope.tables.filter((r) => !visibleTables.includes(r))];
    if (parts.length > 0) qualifiedOptions(parts, input, refs, resolver, list);
  } else if (prev.length === 0 || (prev.length === 1 && isWord(last, 'EXPLAIN'))) {
    for (const k of input.keywords) list.add(k, 'keyword', 0);
  } else if (inTablePlace(prev)) {
    for (const d of scope.derived) if (d.kind === 'cte') list.add(d.name, 'cte', BOOST.tablePlace + 5, 'CTE');
    list.addTables(input.tables.filter(inDefaultSchema), input, BOOST.tablePlace, true);
    for (const s of input.schemas) list.add(s, 'schema', BOOST.tablePlace - 10, 'schema');
    list.addTables(
      input.tables.filter((t) => !inDefaultSchema(t)),
      input,
      BOOST.tablePlace - 15,
      true,
    );
    for (const f of input.functions) list.add(f, 'function', BOOST.function);
    for (const k of input.keywords) list.add(k, 'keyword', BOOST.keyword);
  } else {
    for (const ref of visibleTables) list.addColumns(resolver.columns(resolver.target(ref)) ?? [], BOOST.column);
    for (const d of scope.derived)
      if (d.kind === 'subquery') list.addColumns(resolver.columns({ kind: 'derived', derived: d }) ?? [], BOOST.column);
    for (const r of visibleTables)
      if (r.alias !== null) list.add(r.alias, 'alias', BOOST.alias, r.schema ? `${r.schema}.${r.name}` : r.name);
    for (const d of scope.derived) list.add(d.name, d.kind === 'cte' ? 'cte' : 'alias', BOOST.cte, d.kind === 'cte' ? 'CTE' : 'subquery');
    list.addTables(input.tables.filter(inDefaultSchema), input, BOOST.defaultTable, true);
    for (const s of input.schemas) list.add(s, 'schema', BOOST.schema, 'schema');
    list.addTables(
      input.tables.filter((t) => !inDefaultSchema(t)),
      input,
      BOOST.otherTable,
      true,
    );
    for (const f of input.functions) list.add(f, 'function', BOOST.function);
    for (const k of input.keywords) list.add(k, 'keyword', BOOST.keyword);
  }

  // Every table the statement names, even when the options did not need it: the next `alias.` is instant.
  for (const ref of scope.tables) {
    const target = resolver.target(ref);
    if (target.kind === 'table') resolver.columns(target);
  }
  return { from: place.from, options: list.items, needColumnsFor: [...resolver.need.values()] };
}
