/**
 * RLS_IN_SQLLAB: a SQL Lab statement that reads a physical table with row level security rules
 * for the caller reads `(SELECT * FROM table WHERE <clauses>) AS table` instead.
 *
 * How, and why it is safe enough: the statement is parsed (node-sql-parser, the engine's dialect);
 * every FROM/JOIN item naming a protected table — at any depth: sub-queries, CTEs, set operations —
 * is swapped for a placeholder name; the statement is written back and parsed again, and if the
 * parser still finds a protected table anywhere (a DML target, a position the walk does not know)
 * the statement is refused. Only then are the placeholders replaced by the filtered sub-queries.
 * A statement that cannot be parsed is refused (400), never run unfiltered. Names are matched
 * without regard to case, and an unqualified name matches the table in any schema (it may resolve
 * to it through the search path): at worst a same-named table is filtered too.
 *
 * Not covered (as in the peer): views over a protected table and table functions that read one by
 * name (DuckDB's `query_table('t')`, `read_parquet` of its file); grant SQL Lab accordingly.
 *
 * The hook runs in sqllab/prepare.ts, which knows only the executor: the context is found by it
 * (registered when the context is created).
 */
import { randomBytes } from 'node:crypto';
import { sqlParser } from '../engines/sql-parser.js';
import { ErrorType } from '@rama/shared';
import type { AppContext } from '../context.js';
import type { EngineSpec } from '../engines/types.js';
import type { Executor } from '../execution/executor.js';
import { typedError } from '../http/errors.js';
import type { Principal } from '../security/principal.js';
import { protectedTables, type ProtectedTable } from './apply.js';

const contexts = new WeakMap<Executor, AppContext>();

/** Let prepareRun find the context of its executor (app.ts createContext). */
export function registerSqlLabRls(ctx: AppContext): void {
  contexts.set(ctx.execution, ctx);
}

export class RlsRewriteError extends Error {}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const lastPart = (db: string): string => db.slice(db.lastIndexOf('.') + 1);

/** Group the clauses per table (two datasets on one table: both apply). */
function byName(tables: ProtectedTable[]): Map<string, { schema: string | null; clauses: string[] }[]> {
  const map = new Map<string, { schema: string | null; clauses: string[] }[]>();
  for (const t of tables) {
    const key = t.table.toLowerCase();
    const list = map.get(key) ?? [];
    list.push({ schema: t.schema?.toLowerCase() ?? null, clauses: t.clauses });
    map.set(key, list);
  }
  return map;
}

/** The clauses for a table reference, or null when it names no protected table. */
function clausesOf(tables: Map<string, { schema: string | null; clauses: string[] }[]>, db: string | null, table: string): string[] | null {
  const candidates = tables.get(table.toLowerCase());
  if (!candidates) return null;
  const schema = db ? lastPart(db).toLowerCase() : null;
  const hits = candidates.filter((c) => schema === null || c.schema === null || c.schema === schema);
  return hits.length ? hits.flatMap((h) => h.clauses) : null;
}

function protectedIn(tableList: string[], tables: Map<string, { schema: string | null; clauses: string[] }[]>): string | null {
  for (const entry of tableList) {
    const [, db, table] = entry.split('::');
    if (table && clausesOf(tables, db && db !== 'null' ? db : null, table)) return table;
  }
  return null;
}

/**
 * One statement with every protected table it reads filtered; the statement itself when it names
 * none. Throws RlsRewriteError when that cannot be done safely.
 */
export function rewriteStatement(
  statement: string,
  dialect: string,
  spec: Pick<EngineSpec, 'quoteIdentifier'>,
  list: ProtectedTable[],
): string {
  const tables = byName(list);
  const lower = statement.toLowerCase();
  // a statement that spells no protected name (and no escaped identifier) reads none of them
  const mayName = /u&["'`]/i.test(statement) || [...tables.keys()].some((name) => /["'`\\]/.test(name) || lower.includes(name));
  if (!mayName) return statement;
  const opt = { database: dialect };
  let ast: unknown;
  try {
    ast = sqlParser().astify(statement, opt);
  } catch {
    throw new RlsRewriteError('the SQL could not be analysed');
  }
  const nonce = randomBytes(6).toString('hex');
  const swaps: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const n of node) walk(n);
      return;
    }
    if (!isRecord(node)) return;
    // only what a SELECT reads: a DML statement's own table stays, and the check below refuses it
    if (node.type === 'select' && Array.isArray(node.from)) {
      node.from = node.from.map((item: unknown) => {
        if (!isRecord(item) || typeof item.table !== 'string' || item.expr !== undefined) return item;
        const db = typeof item.db === 'string' ? item.db : null;
        const clauses = clausesOf(tables, db, item.table);
        if (!clauses) return item;
        const target = db
          ? `${db.split('.').map(spec.quoteIdentifier).join('.')}.${spec.quoteIdentifier(item.table)}`
          : spec.quoteIdentifier(item.table);
        swaps.push(`(SELECT * FROM ${target} WHERE ${clauses.map((c) => `(${c})`).join(' AND ')})`);
        return { ...item, db: null, table: `rama_rls_${nonce}_${swaps.length - 1}`, as: item.as ?? item.table };
      });
    }
    for (const [k, v] of Object.entries(node)) if (k !== 'from' && typeof v === 'object' && v !== null) walk(v);
    if (Array.isArray(node.from)) for (const item of node.from) if (isRecord(item)) for (const v of Object.values(item)) walk(v);
  };
  walk(ast);
  let text: string;
  let check: string[];
  try {
    text = sqlParser().sqlify(ast as never, opt);
    check = sqlParser().parse(text, opt).tableList;
  } catch {
    throw new RlsRewriteError('the SQL could not be rewritten');
  }
  const left = protectedIn(check, tables);
  if (left) throw new RlsRewriteError(`the table ${left} is used where it cannot be filtered`);
  const out = text.replace(new RegExp(`["\`]?rama_rls_${nonce}_(\\d+)["\`]?`, 'g'), (_m, i: string) => swaps[Number(i)]);
  if (out.includes(`rama_rls_${nonce}`)) throw new RlsRewriteError('the SQL could not be rewritten');
  return out;
}

/**
 * prepareRun's hook: the statements with row level security applied when RLS_IN_SQLLAB is on and
 * the caller has rules on tables of this database; the statements as they are otherwise.
 */
export async function applySqlLabRls(
  executor: Executor,
  database: { id: number; spec: EngineSpec },
  user: Principal,
  statements: string[],
): Promise<string[]> {
  const ctx = contexts.get(executor);
  if (!ctx?.config.sharing.rlsInSqlLab) return statements;
  const tables = await protectedTables(ctx, user, database.id, database.spec);
  if (!tables.length) return statements;
  try {
    return statements.map((s) => rewriteStatement(s, database.spec.syntax.parser, database.spec, tables));
  } catch (e) {
    if (e instanceof RlsRewriteError)
      throw typedError(
        400,
        `This query reads a table with row level security, which cannot be applied: ${e.message}.`,
        ErrorType.INVALID_SQL_ERROR,
      );
    throw e;
  }
}
