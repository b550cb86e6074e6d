/** PostgreSQL table metadata from the system catalogs (pg_class, pg_attribute, pg_constraint, pg_index). */
import { EngineError, type TableMetadata, type TableRef } from '../types.js';
import { toCell } from '../rows.js';
import { classifyType, shortTypeName } from '../sql-text.js';

/** What the metadata queries need from a pool: bound-parameter queries returning row objects. */
export interface MetadataQuery {
  query(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
}

export const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
const strOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
const strList = (v: unknown): string[] => (Array.isArray(v) ? v.map(str) : []);

export const RELKIND: Record<string, TableRef['type']> = { r: 'table', p: 'table', f: 'table', v: 'view', m: 'materialized_view' };

export async function tableMetadata(pool: MetadataQuery, table: string, schema: string | null): Promise<TableMetadata> {
  const [rel] = await pool.query(
    `SELECT c.oid::int AS oid, c.relkind::text AS kind, n.nspname AS schema, obj_description(c.oid, 'pg_class') AS comment,
            c.reltuples::float8 AS reltuples, pg_total_relation_size(c.oid)::float8 AS total_bytes,
            pg_size_pretty(pg_total_relation_size(c.oid)) AS total_size, current_database() AS catalog,
            CASE WHEN c.relkind IN ('v', 'm') THEN pg_get_viewdef(c.oid, true) END AS view_definition,
            CASE WHEN c.relkind = 'p' THEN pg_get_partkeydef(c.oid) END AS partition_key
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relname = $1 AND n.nspname = coalesce($2, current_schema()) AND c.relkind IN ('r', 'p', 'f', 'v', 'm')`,
    [table, schema],
  );
  if (!rel) throw new EngineError(`Table ${schema ? `${schema}.` : ''}${table} does not exist.`, 'TABLE_DOES_NOT_EXIST_ERROR');
  const oid = rel.oid;
  const cols = await pool.query(
    `SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS long_type, NOT a.attnotnull AS nullable,
            pg_get_expr(d.adbin, d.adrelid) AS default_expr, col_description(a.attrelid, a.attnum) AS comment
     FROM pg_attribute a LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
     WHERE a.attrelid = $1 AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum`,
    [oid],
  );
  const constraints = await pool.query(
    `SELECT con.conname AS name, con.contype::text AS kind,
            ARRAY(SELECT a.attname FROM unnest(con.conkey) WITH ORDINALITY k(n, i)
                  JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.n ORDER BY k.i)::text[] AS cols,
            fn.nspname AS ref_schema, fc.relname AS ref_table,
            ARRAY(SELECT a.attname FROM unnest(con.confkey) WITH ORDINALITY k(n, i)
                  JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.n ORDER BY k.i)::text[] AS ref_cols
     FROM pg_constraint con
     LEFT JOIN pg_class fc ON fc.oid = con.confrelid LEFT JOIN pg_namespace fn ON fn.oid = fc.relnamespace
     WHERE con.conrelid = $1 AND con.contype IN ('p', 'f') ORDER BY con.conname`,
    [oid],
  );
  const indexes = await pool.query(
    `SELECT i.relname AS name, ix.indisunique AS is_unique, am.amname AS method,
            ARRAY(SELECT pg_get_indexdef(ix.indexrelid, k.i + 1, true) FROM generate_subscripts(ix.indkey, 1) AS k(i)
                  WHERE k.i < ix.indnkeyatts ORDER BY k.i)::text[] AS cols
     FROM pg_index ix JOIN pg_class i ON i.oid = ix.indexrelid JOIN pg_am am ON am.oid = i.relam
     WHERE ix.indrelid = $1 AND NOT ix.indisprimary ORDER BY i.relname`,
    [oid],
  );
  const pk = constraints.find((c) => c.kind === 'p');
  const reltuples = typeof rel.reltuples === 'number' && rel.reltuples >= 0 ? rel.reltuples : null;
  return {
    name: table,
    schema: str(rel.schema),
    catalog: str(rel.catalog),
    columns: cols.map((c) => {
      const longType = str(c.long_type).toUpperCase();
      return {
        name: str(c.name),
        type: shortTypeName(longType),
        longType,
        nullable: c.nullable === true,
        default: strOrNull(c.default_expr),
        comment: strOrNull(c.comment),
        ...classifyType(longType),
      };
    }),
    primaryKey: { constrained_columns: pk ? strList(pk.cols) : [], name: pk ? str(pk.name) : null },
    foreignKeys: constraints
      .filter((c) => c.kind === 'f')
      .map((c) => ({
        name: str(c.name),
        constrained_columns: strList(c.cols),
        referred_schema: strOrNull(c.ref_schema),
        referred_table: str(c.ref_table),
        referred_columns: strList(c.ref_cols),
      })),
    indexes: indexes.map((i) => ({
      name: str(i.name),
      column_names: strList(i.cols),
      unique: i.is_unique === true,
      type: strOrNull(i.method),
    })),
    comment: strOrNull(rel.comment),
    extra: {
      kind: RELKIND[str(rel.kind)] ?? 'table',
      estimated_rows: reltuples,
      total_size_bytes: toCell(rel.total_bytes),
      total_size: strOrNull(rel.total_size),
      // a view's SQL, and a partitioned table's key (e.g. "RANGE (day)"), as the table card shows them
      ...(rel.view_definition ? { view_definition: str(rel.view_definition) } : {}),
      ...(rel.partition_key ? { partitions: { cols: [str(rel.partition_key)] } } : {}),
    },
  };
}
