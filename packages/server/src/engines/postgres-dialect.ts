/**
 * PostgreSQL's answers for the chart data compiler: time grains with date_trunc, typed literals,
 * and the functions an analyst's expression may not call. DuckDB speaks the same date_trunc and
 * literal syntax and reuses the grain table and literal here.
 */
import {
  boundKind,
  grainMethods,
  shortestText,
  standardStringLiteral,
  timestampText,
  utcText,
  type EngineDialect,
  type GrainTable,
} from './dialect.js';

/**
 * The column as a timestamp first: DATE columns get sub-day grains (PostgreSQL cannot extract a
 * second from a date), text columns holding ISO dates work, and every grain gives a timestamp
 * without time zone — a TIMESTAMPTZ column is bucketed on the session's wall clock, the way
 * date_trunc on it would bucket, and reads back as that wall-clock time.
 */
const ts = (col: string): string => `CAST(${col} AS TIMESTAMP)`;

/** `date_trunc(unit) + floor(part / n) * n`: buckets of n parts inside the next larger unit. */
const every = (n: number, part: 'second' | 'minute' | 'hour', within: 'minute' | 'hour' | 'day', plural: string) => (col: string) =>
  `date_trunc('${within}', ${ts(col)}) + floor(extract(${part} FROM ${ts(col)}) / ${n}) * INTERVAL '${n} ${plural}'`;

const trunc = (unit: string) => (col: string) => `date_trunc('${unit}', ${ts(col)})`;

/** date_trunc('week') starts on Monday; a day later it starts on Sunday. */
const sundayWeek = (col: string): string => `date_trunc('week', ${ts(col)} + INTERVAL '1 day')`;

export const DATE_TRUNC_GRAINS: GrainTable = {
  PT1S: trunc('second'),
  PT5S: every(5, 'second', 'minute', 'seconds'),
  PT30S: every(30, 'second', 'minute', 'seconds'),
  PT1M: trunc('minute'),
  PT5M: every(5, 'minute', 'hour', 'minutes'),
  PT10M: every(10, 'minute', 'hour', 'minutes'),
  PT15M: every(15, 'minute', 'hour', 'minutes'),
  PT30M: every(30, 'minute', 'hour', 'minutes'),
  PT1H: trunc('hour'),
  PT6H: every(6, 'hour', 'day', 'hours'),
  P1D: trunc('day'),
  P1W: trunc('week'),
  P1M: trunc('month'),
  P3M: trunc('quarter'),
  P1Y: trunc('year'),
  '1969-12-28T00:00:00Z/P1W': (col) => `${sundayWeek(col)} - INTERVAL '1 day'`,
  '1969-12-29T00:00:00Z/P1W': trunc('week'),
  // the Saturday that ends a Sunday–Saturday week; the Sunday that ends a Monday–Sunday week
  'P1W/1970-01-03T00:00:00Z': (col) => `${sundayWeek(col)} + INTERVAL '5 days'`,
  'P1W/1970-01-04T00:00:00Z': (col) => `date_trunc('week', ${ts(col)}) + INTERVAL '6 days'`,
};

/**
 * `TIMESTAMP '2024-01-31 00:00:00.000000'`; `DATE '2024-01-31'` for a DATE column at midnight
 * (index-friendly, no cast of the column); plain text, shortest form, for a text column.
 */
export function typedDttmLiteral(value: Date, nativeType: string | null): string {
  const t = utcText(value);
  const kind = boundKind(nativeType);
  if (kind === 'text') return `'${shortestText(t)}'`;
  if (kind === 'date' && t.midnight) return `DATE '${t.date}'`;
  return `TIMESTAMP '${timestampText(t)}'`;
}

/**
 * Server files, other databases, sleeping, configuration, signalling and administration, large
 * objects, and functions that run SQL given as text or read a whole table by name (they would
 * bypass the subquery rule).
 */
const POSTGRES_DENIED = [
  'pg_read_file',
  'pg_read_binary_file',
  'pg_stat_file',
  'pg_ls_*',
  'pg_file_*',
  'pg_logdir_ls',
  'lo_*',
  'loread',
  'lowrite',
  'dblink*',
  'pg_sleep*',
  'current_setting',
  'set_config',
  'pg_terminate_backend',
  'pg_cancel_backend',
  'pg_signal_backend',
  'pg_reload_conf',
  'pg_rotate_logfile*',
  'pg_promote',
  'pg_switch_wal',
  'pg_create_restore_point',
  'pg_backup_*',
  'pg_start_backup',
  'pg_stop_backup',
  'pg_wal_replay_*',
  'pg_log_backend_memory_contexts',
  'pg_create_physical_replication_slot',
  'pg_create_logical_replication_slot',
  'pg_drop_replication_slot',
  'pg_copy_physical_replication_slot',
  'pg_copy_logical_replication_slot',
  'pg_replication_*',
  'pg_logical_*',
  'pg_import_system_collations',
  'pg_advisory_*',
  'pg_try_advisory_*',
  'pg_notify',
  'pg_stat_reset*',
  'pg_stat_statements_reset',
  'nextval',
  'setval',
  'txid_current',
  'pg_current_xact_id',
  'query_to_xml*',
  'table_to_xml*',
  'cursor_to_xml*',
  'schema_to_xml*',
  'database_to_xml*',
  'postgres_fdw_*',
] as const;

export const postgresDialect: EngineDialect = {
  ...grainMethods(DATE_TRUNC_GRAINS),
  dttmLiteral: typedDttmLiteral,
  stringLiteral: standardStringLiteral,
  deniedFunctions: POSTGRES_DENIED,
};
