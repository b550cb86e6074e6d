/** MySQL / MariaDB table metadata from information_schema. */
import { EngineError, type ForeignKeyMeta, type IndexMeta, type TableMetadata } from '../types.js';
import { toCell } from '../rows.js';
import { classifyType, shortTypeName } from '../sql-text.js';

/** What the metadata queries need from a pool: bound-parameter queries returning row objects. */
export interface MetadataQuery {
  query(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
}

export const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
const strOrNull = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));

export async function tableMetadata(pool: MetadataQuery, table: string, schema: string | null): Promise<TableMetadata> {
  const [info] = await pool.query(
    `SELECT TABLE_SCHEMA AS table_schema, TABLE_TYPE AS table_type, ENGINE AS engine, TABLE_ROWS AS table_rows,
            DATA_LENGTH AS data_length, INDEX_LENGTH AS index_length, TABLE_COMMENT AS table_comment,
            TABLE_COLLATION AS table_collation, CREATE_TIME AS create_time
     FROM information_schema.TABLES WHERE TABLE_SCHEMA = COALESCE(?, DATABASE()) AND TABLE_NAME = ?`,
    [schema, table],
  );
  if (!info) throw new EngineError(`Table ${schema ? `${schema}.` : ''}${table} does not exist.`, 'TABLE_DOES_NOT_EXIST_ERROR');
  const sch = str(info.table_schema);
  const cols = await pool.query(
    `SELECT COLUMN_NAME AS name, COLUMN_TYPE AS column_type, IS_NULLABLE AS is_nullable, COLUMN_DEFAULT AS column_default,
            COLUMN_COMMENT AS column_comment
     FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? ORDER BY ORDINAL_POSITION`,
    [sch, table],
  );
  const stats = await pool.query(
    `SELECT INDEX_NAME AS index_name, NON_UNIQUE AS non_unique, COLUMN_NAME AS column_name, INDEX_TYPE AS index_type
     FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? ORDER BY INDEX_NAME, SEQ_IN_INDEX`,
    [sch, table],
  );
  const keys = await pool.query(
    `SELECT CONSTRAINT_NAME AS constraint_name, COLUMN_NAME AS column_name, REFERENCED_TABLE_SCHEMA AS ref_schema,
            REFERENCED_TABLE_NAME AS ref_table, REFERENCED_COLUMN_NAME AS ref_column
     FROM information_schema.KEY_COLUMN_USAGE
     WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? AND REFERENCED_TABLE_NAME IS NOT NULL
     ORDER BY CONSTRAINT_NAME, ORDINAL_POSITION`,
    [sch, table],
  );
  const indexMap = new Map<string, IndexMeta>();
  for (const s of stats) {
    const name = str(s.index_name);
    let index = indexMap.get(name);
    if (!index) {
      index = { name, column_names: [], unique: Number(s.non_unique) === 0, type: strOrNull(s.index_type) };
      indexMap.set(name, index);
    }
    if (s.column_name !== null) index.column_names.push(str(s.column_name));
  }
  const primary = indexMap.get('PRIMARY');
  indexMap.delete('PRIMARY');
  const fkMap = new Map<string, ForeignKeyMeta>();
  for (const k of keys) {
    const name = str(k.constraint_name);
    let fk = fkMap.get(name);
    if (!fk) {
      fk = {
        name,
        constrained_columns: [],
        referred_schema: strOrNull(k.ref_schema),
        referred_table: str(k.ref_table),
        referred_columns: [],
      };
      fkMap.set(name, fk);
    }
    fk.constrained_columns.push(str(k.column_name));
    fk.referred_columns.push(str(k.ref_column));
  }
  const isView = /VIEW/.test(str(info.table_type));
  const comment = strOrNull(info.table_comment);
  return {
    name: table,
    schema: sch,
    catalog: null,
    columns: cols.map((c) => {
      const longType = str(c.column_type).toUpperCase();
      const def = c.column_default;
      return {
        name: str(c.name),
        type: shortTypeName(longType),
        longType,
        nullable: c.is_nullable === 'YES',
        // MariaDB spells "no default" as the text NULL
        default: def === null || def === undefined || def === 'NULL' ? null : String(def),
        comment: strOrNull(c.column_comment),
        ...classifyType(longType),
      };
    }),
    primaryKey: { constrained_columns: primary ? primary.column_names : [], name: primary ? 'PRIMARY' : null },
    foreignKeys: [...fkMap.values()],
    indexes: [...indexMap.values()],
    comment: isView && comment === 'VIEW' ? null : comment,
    extra: {
      engine: strOrNull(info.engine),
      estimated_rows: toCell(info.table_rows),
      data_length: toCell(info.data_length),
      index_length: toCell(info.index_length),
      collation: strOrNull(info.table_collation),
      created: info.create_time === null || info.create_time === undefined ? null : toCell(info.create_time),
    },
  };
}
