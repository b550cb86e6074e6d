/**
 * The allow-list format for the functions an analyst's SQL expression may call (sql/expression.ts),
 * and the names every engine shares. A deny-list is never complete: PostgreSQL's `ts_stat` runs
 * SQL given as text and so reaches anything a denied function would (DESIGN.md, security rules).
 * An engine lists what analysts use — aggregates, window functions, math, string, date and time,
 * conditionals, casts, regular expressions, common JSON and list accessors — and nothing that runs
 * text as SQL, reads files or URLs, sleeps, or reads or changes the session or the server.
 */

/** How an engine reads a call or an attribute and which ones an expression may make. */
export interface FunctionPolicy {
  /** lower-case names an expression may call */
  allowed: ReadonlySet<string>;
  /**
   * A dotted call `a.fn(…)`: `schema` — a schema-qualified name, allowed only when the qualifier
   * is `catalogSchema` (PostgreSQL's `pg_catalog`, where the built-ins live); `method` — DuckDB's
   * `value.fn(…)`, the function applied to the value (allowed when fn is); `none` — the engine
   * would call a stored function of another schema or database (MySQL, SQLite): refused.
   */
  dottedCalls: 'schema' | 'method' | 'none';
  catalogSchema: string | null;
  /** PostgreSQL calls a one-argument function written as an attribute: `(value).fn`, `(t.arr)[1].fn` */
  attributeCalls: boolean;
  /** A quoted name keeps its case (PostgreSQL: `"LOWER"(x)` is not lower, but a function someone made) */
  caseSensitiveQuotes: boolean;
}

/** A set of lower-case names from groups of names (written in any case, separated by spaces). */
export function nameSet(...groups: readonly string[]): ReadonlySet<string> {
  const set = new Set<string>();
  for (const group of groups) for (const name of group.split(/\s+/)) if (name) set.add(name.toLowerCase());
  return set;
}

/** May an expression call a function of this name (any case) on the engine? */
export function functionIsAllowed(policy: FunctionPolicy, name: string): boolean {
  return policy.allowed.has(name.toLowerCase());
}

/** Aggregates every engine has. */
export const COMMON_AGGREGATES = 'count sum avg min max';

/** The SQL standard window functions (PostgreSQL, MySQL 8 / MariaDB 10.2, DuckDB, SQLite 3.25). */
export const WINDOW_FUNCTIONS = 'row_number rank dense_rank percent_rank cume_dist ntile lag lead first_value last_value nth_value';

/** Scalars every engine has under the same name and meaning. */
export const COMMON_SCALARS = 'abs round coalesce nullif lower upper length replace substr trim ltrim rtrim cast';

/**
 * Type names written with a length or precision (`DECIMAL(10, 2)`, `VARCHAR(20)`, `TIMESTAMP(3)`)
 * outside a cast's AS (MySQL's `CONVERT(x, DECIMAL(10, 2))`), and PostgreSQL's function-style casts
 * (`numeric(x)`, `timestamp(x)`): as a call, a type name only converts a value.
 */
export const TYPE_CALLS =
  'decimal numeric dec char character varchar nchar nvarchar varying float double real time timestamp datetime bit varbit binary varbinary';

/**
 * Functions that must never be callable from an expression on any engine: they run text as SQL,
 * read or write files, reach other servers, sleep or lock, or read or change the session or the
 * server (engines/functions.test.ts asserts that no allow-list holds any of them). Also refused as
 * PostgreSQL's attribute form `t.name`, where the qualifier may be a table.
 */
export const NEVER_ALLOWED: ReadonlySet<string> = nameSet(
  // PostgreSQL: SQL run from text, files, other servers, sessions, signalling
  'ts_stat ts_rewrite query_to_xml query_to_xmlschema query_to_xml_and_xmlschema cursor_to_xml cursor_to_xmlschema',
  'table_to_xml table_to_xmlschema table_to_xml_and_xmlschema schema_to_xml database_to_xml xpath xpath_exists',
  'dblink dblink_exec dblink_connect dblink_send_query dblink_open dblink_fetch',
  'pg_read_file pg_read_binary_file pg_stat_file pg_ls_dir pg_ls_logdir pg_ls_waldir pg_ls_tmpdir lo_import lo_export lo_get',
  'pg_sleep pg_sleep_for pg_sleep_until pg_show_all_settings pg_stat_get_activity pg_stat_get_backend_activity current_setting',
  'set_config pg_terminate_backend pg_cancel_backend pg_reload_conf pg_advisory_lock pg_notify nextval setval',
  'pg_get_functiondef pg_get_viewdef pg_relation_size has_table_privilege to_regclass version current_user session_user',
  'current_database current_schemas inet_server_addr inet_client_addr pg_backend_pid txid_current',
  // DuckDB: SQL run from text, files and URLs, the environment, settings
  'query query_table read_csv read_csv_auto read_parquet read_json read_json_auto read_json_objects read_text read_blob',
  'parquet_scan parquet_metadata glob getenv sleep_ms duckdb_secrets duckdb_settings which_secret pragma_version sniff_csv',
  'json_execute_serialized_sql sqlite_scan postgres_scan postgres_query mysql_query getvariable checkpoint',
  'range generate_series unnest',
  // MySQL / MariaDB: files, sleeping and busy loops, locks, command-running UDFs, the session
  'load_file sleep benchmark get_lock release_lock is_free_lock is_used_lock master_pos_wait source_pos_wait',
  'sys_exec sys_eval database schema user system_user connection_id last_insert_id found_rows row_count',
  // SQLite: extensions, files, the raw database
  'load_extension readfile writefile edit fsdir zipfile sqlite_dbpage fts3_tokenizer eval sqlite_version',
  // text and blobs of any length a request asks for
  'repeat space zeroblob randomblob',
);
