/** DuckDB table metadata from its catalog functions (duckdb_tables, duckdb_columns, duckdb_constraints, duckdb_indexes). */
import { EngineError, type ForeignKeyMeta, type IndexMeta, type TableMetadata } from '../types.js';
import { toCell } from '../rows.js';
import { classifyType, shortTypeName } from '../sql-text.js';

/** What the metadata queries need from a pool: bound-parameter queries returning row objects. */
export interface MetadataQuery {
  query(sql: string, params?: (string | null)[]): Promise<Record<string, unknown>[]>;
}

export const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
const strOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
const strList = (v: unknown): string[] => (Array.isArray(v) ? v.map(str) : []);

/** duckdb_indexes().expressions is text such as `[t, "Other Col"]`. */
function indexColumns(expressions: unknown): string[] {
  if (Array.isArray(expressions)) return expressions.map(str);
  const text = str(expressions)
    .replace(/^\[|\]$/g, '')
    .trim();
  if (!text) return [];
  return text.split(',').map((p) =>
    p
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .replace(/""/g, '"'),
  );
}

export async function tableMetadata(
  pool: MetadataQuery,
  table: string,
  schema: string | null,
  catalog: string | null,
): Promise<TableMetadata> {
  const [scope] = await pool.query('SELECT current_database() AS db, current_schema() AS sch');
  const db = catalog ?? str(scope.db);
  const sch = schema ?? str(scope.sch);
  const where = 'database_name = $1 AND schema_name = $2 AND table_name = $3';
  const params = [db, sch, table];
  const tables = await pool.query(
    `SELECT comment, estimated_size, column_count, has_primary_key FROM duckdb_tables() WHERE ${where}`,
    params,
  );
  const views = tables.length
    ? []
    : await pool.query(`SELECT comment, sql FROM duckdb_views() WHERE database_name = $1 AND schema_name = $2 AND view_name = $3`, params);
  if (!tables.length && !views.length) {
    throw new EngineError(`Table ${sch}.${table} does not exist.`, 'TABLE_DOES_NOT_EXIST_ERROR');
  }
  const cols = await pool.query(
    `SELECT column_name, data_type, is_nullable, column_default, comment FROM duckdb_columns() WHERE ${where} ORDER BY column_index`,
    params,
  );
  const constraints = tables.length
    ? await pool.query(
        `SELECT constraint_type, constraint_name, constraint_column_names, referenced_table, referenced_column_names
         FROM duckdb_constraints() WHERE ${where} ORDER BY constraint_index`,
        params,
      )
    : [];
  const idx = tables.length
    ? await pool.query(`SELECT index_name, is_unique, expressions FROM duckdb_indexes() WHERE ${where} ORDER BY index_name`, params)
    : [];
  const pk = constraints.find((c) => c.constraint_type === 'PRIMARY KEY');
  const foreignKeys: ForeignKeyMeta[] = constraints
    .filter((c) => c.constraint_type === 'FOREIGN KEY')
    .map((c) => ({
      name: strOrNull(c.constraint_name),
      constrained_columns: strList(c.constraint_column_names),
      referred_schema: sch,
      referred_table: str(c.referenced_table),
      referred_columns: strList(c.referenced_column_names),
    }));
  const indexes: IndexMeta[] = [
    ...idx.map((i) => ({ name: str(i.index_name), column_names: indexColumns(i.expressions), unique: i.is_unique === true, type: 'ART' })),
    ...constraints
      .filter((c) => c.constraint_type === 'UNIQUE')
      .map((c) => ({ name: str(c.constraint_name), column_names: strList(c.constraint_column_names), unique: true, type: 'UNIQUE' })),
  ];
  const info = tables[0] ?? views[0];
  const extra: Record<string, unknown> = tables.length
    ? { estimated_size: toCell(info.estimated_size), column_count: toCell(info.column_count) }
    : { view_definition: strOrNull(info.sql) };
  return {
    name: table,
    schema: sch,
    catalog: db,
    columns: cols.map((c) => {
      const longType = str(c.data_type);
      return {
        name: str(c.column_name),
        type: shortTypeName(longType),
        longType,
        nullable: c.is_nullable !== false,
        default: strOrNull(c.column_default),
        comment: strOrNull(c.comment),
        ...classifyType(longType),
      };
    }),
    primaryKey: { constrained_columns: pk ? strList(pk.constraint_column_names) : [], name: pk ? strOrNull(pk.constraint_name) : null },
    foreignKeys,
    indexes,
    comment: strOrNull(info.comment),
    extra,
  };
}
