/**
 * DuckDB's answers for the chart data compiler. DuckDB speaks PostgreSQL's date_trunc, intervals
 * and typed literals, so the grains and literals are PostgreSQL's; what differs is what an
 * expression may not call: DuckDB reads files and URLs from plain SQL functions.
 */
import { grainMethods, standardStringLiteral, type EngineDialect } from './dialect.js';
import { DATE_TRUNC_GRAINS, typedDttmLiteral } from './postgres-dialect.js';

/**
 * File and URL readers (and the extensions' scanners of other databases and lakes), functions
 * that run SQL given as text or read a table by name, settings, secrets and environment, and
 * functions that write (checkpoints, data generators). The examples database also runs with
 * external access off; this list keeps user-connected DuckDB files safe as well.
 */
const DUCKDB_DENIED = [
  'read_*',
  'parquet_*',
  'sniff_csv',
  'glob',
  'st_read*',
  'iceberg_*',
  'delta_*',
  'ducklake_*',
  'sqlite_*',
  'postgres_*',
  'mysql_*',
  'bigquery_*',
  'azure_*',
  'arrow_scan*',
  'pandas_scan',
  'http_*',
  'query',
  'query_table',
  'json_execute_serialized_sql',
  'getenv',
  'current_setting',
  'duckdb_*',
  'which_secret',
  'pragma_*',
  'load_*',
  'checkpoint',
  'force_checkpoint',
  'dbgen',
  'dsdgen',
  'tpch*',
  'tpcds*',
] as const;

export const duckdbDialect: EngineDialect = {
  ...grainMethods(DATE_TRUNC_GRAINS),
  dttmLiteral: typedDttmLiteral,
  stringLiteral: standardStringLiteral,
  deniedFunctions: DUCKDB_DENIED,
};
