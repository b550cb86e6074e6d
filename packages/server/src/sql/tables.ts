import { sqlParser } from '../engines/sql-parser.js';

export interface SqlTableRef {
  catalog: string | null;
  schema: string | null;
  table: string;
}

/** Parsing is skipped for very long scripts: the list is informative and must not stall a page. */
export const MAX_TABLES_SQL_LENGTH = 100_000;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Names bound by WITH clauses anywhere in the AST; they are not tables. */
function cteNames(node: unknown, out: Set<string>): Set<string> {
  if (Array.isArray(node)) {
    for (const n of node) cteNames(n, out);
  } else if (isRecord(node)) {
    if (Array.isArray(node.with)) {
      for (const w of node.with) {
        const name = isRecord(w) ? w.name : null;
        const value = isRecord(name) ? name.value : name;
        if (typeof value === 'string') out.add(value.toLowerCase());
      }
    }
    for (const v of Object.values(node)) if (typeof v === 'object' && v !== null) cteNames(v, out);
  }
  return out;
}

/**
 * Tables the SQL references, read with node-sql-parser in the database's dialect. Entries come
 * as `action::db::table`, where `db` is `schema` or `catalog.schema` (or `null`). Unparsable SQL
 * (templates, engine-specific syntax) gives an empty list.
 */
export function sqlTables(sql: string, parserDialect: string | null): SqlTableRef[] {
  if (!sql.trim() || sql.length > MAX_TABLES_SQL_LENGTH) return [];
  const opt = parserDialect ? { database: parserDialect } : {};
  let list: string[];
  let ctes: Set<string>;
  try {
    const parsed = sqlParser().parse(sql, opt);
    list = parsed.tableList;
    ctes = cteNames(parsed.ast, new Set());
  } catch {
    return [];
  }
  const seen = new Set<string>();
  const out: SqlTableRef[] = [];
  for (const entry of list) {
    const [, db, table] = entry.split('::');
    if (!table) continue;
    const qualifier = db && db !== 'null' ? db : null;
    if (!qualifier && ctes.has(table.toLowerCase())) continue;
    const dot = qualifier ? qualifier.lastIndexOf('.') : -1;
    const ref: SqlTableRef = {
      catalog: qualifier && dot > 0 ? qualifier.slice(0, dot) : null,
      schema: qualifier ? qualifier.slice(dot + 1) : null,
      table,
    };
    const key = `${ref.catalog}\u0000${ref.schema}\u0000${ref.table}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(ref);
  }
  return out;
}
