/**
 * ClickHouse browsing from the system tables (`system.databases`, `system.tables`,
 * `system.columns`), in columns every version from 18.16 on has. 18.16 binds no query parameters
 * over HTTP, so names go in as escaped string literals (dialect.ts), never as text pasted raw.
 */
import { EngineError, type TableMetadata, type TableRef } from '../types.js';
import { sortTableRefs } from '../sql-text.js';
import { clickhouseStringLiteral as lit } from './dialect.js';
import { clickhouseGenericType } from './values.js';

/** What the metadata queries need: a query returning rows as objects of text. */
export interface MetadataQuery {
  rows(sql: string): Promise<Record<string, string | null>[]>;
}

const str = (v: string | null | undefined): string => v ?? '';
const nonEmpty = (v: string | null | undefined): string | null => (v ? v : null);

/** A ClickHouse table engine name as the API's table kind. */
function kindOf(engine: string): TableRef['type'] {
  if (engine === 'View' || engine === 'LiveView') return 'view';
  if (engine === 'MaterializedView') return 'materialized_view';
  return 'table';
}

export async function schemaNames(pool: MetadataQuery): Promise<string[]> {
  const rows = await pool.rows('SELECT name FROM system.databases ORDER BY name');
  return rows.map((r) => str(r.name));
}

export async function tableRefs(pool: MetadataQuery, schema: string): Promise<TableRef[]> {
  const rows = await pool.rows(`SELECT name, engine FROM system.tables WHERE database = ${lit(schema)} AND is_temporary = 0`);
  return sortTableRefs(rows.map((r) => ({ value: str(r.name), type: kindOf(str(r.engine)), extra: null })));
}

export async function tableMetadata(pool: MetadataQuery, table: string, schema: string | null): Promise<TableMetadata> {
  const db = schema === null ? 'currentDatabase()' : lit(schema);
  const [rel] = await pool.rows(
    `SELECT database, engine, engine_full, partition_key, sorting_key, primary_key, create_table_query
     FROM system.tables WHERE database = ${db} AND name = ${lit(table)}`,
  );
  if (!rel) throw new EngineError(`Table ${schema ? `${schema}.` : ''}${table} does not exist.`, 'TABLE_DOES_NOT_EXIST_ERROR');
  const cols = await pool.rows(
    `SELECT name, type, default_kind, default_expression, comment, toString(is_in_primary_key) AS in_key
     FROM system.columns WHERE database = ${db} AND table = ${lit(table)}`,
  );
  const engine = str(rel.engine);
  return {
    name: table,
    schema: str(rel.database),
    catalog: null,
    columns: cols.map((c) => {
      const type = str(c.type);
      return {
        name: str(c.name),
        type,
        longType: type,
        nullable: /^(LowCardinality\()?Nullable\(/.test(type),
        default: c.default_kind ? `${c.default_kind} ${str(c.default_expression)}` : null,
        comment: nonEmpty(c.comment),
        ...clickhouseGenericType(type),
      };
    }),
    primaryKey: { constrained_columns: cols.filter((c) => c.in_key === '1').map((c) => str(c.name)), name: null },
    foreignKeys: [],
    indexes: [],
    comment: null,
    extra: {
      kind: kindOf(engine),
      engine: nonEmpty(rel.engine_full) ?? engine,
      ...(rel.sorting_key ? { sorting_key: rel.sorting_key } : {}),
      ...(rel.partition_key ? { partitions: { cols: [rel.partition_key] } } : {}),
      ...(kindOf(engine) !== 'table' && rel.create_table_query ? { view_definition: rel.create_table_query } : {}),
    },
  };
}
