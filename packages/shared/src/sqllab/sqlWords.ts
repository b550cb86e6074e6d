/**
 * Keywords and built-in functions offered by SQL Lab's completion, per formatter dialect
 * (postgresql, mysql, mariadb, duckdb, sqlite, sql). Reasonable, not exhaustive: the words people
 * type daily, plus each engine's common aggregate, date, string and window functions.
 */

export const SQL_EDITOR_DIALECTS = ['postgresql', 'mysql', 'mariadb', 'duckdb', 'sqlite', 'sql'] as const;
export type SqlEditorDialect = (typeof SQL_EDITOR_DIALECTS)[number];

const words = (s: string): string[] => s.trim().split(/\s+/);

const STANDARD_KEYWORDS = words(`
  SELECT FROM WHERE GROUP BY ORDER HAVING LIMIT OFFSET AS ON USING AND OR NOT IN IS NULL LIKE BETWEEN
  EXISTS DISTINCT ALL ANY SOME CASE WHEN THEN ELSE END JOIN INNER LEFT RIGHT FULL OUTER CROSS NATURAL
  UNION INTERSECT EXCEPT WITH RECURSIVE ASC DESC NULLS FIRST LAST INSERT INTO VALUES UPDATE SET DELETE
  CREATE TABLE VIEW INDEX DROP ALTER ADD COLUMN PRIMARY KEY FOREIGN REFERENCES UNIQUE CHECK DEFAULT
  CONSTRAINT TRUE FALSE CAST OVER PARTITION ROWS RANGE UNBOUNDED PRECEDING FOLLOWING CURRENT ROW
  WINDOW FETCH NEXT ONLY EXPLAIN IF TEMPORARY TRUNCATE BEGIN COMMIT ROLLBACK TRANSACTION SCHEMA
  DATABASE GRANT REVOKE INTERVAL FILTER LATERAL ESCAPE COLLATE
`);

const KEYWORDS: Record<SqlEditorDialect, string[]> = {
  sql: [],
  postgresql: words(`
    ILIKE SIMILAR RETURNING ON CONFLICT DO NOTHING MATERIALIZED TABLESAMPLE BERNOULLI SYSTEM ARRAY
    WITHIN ORDINALITY ANALYZE VERBOSE VACUUM SHOW SEARCH_PATH EXCLUDE TIES GROUPS ROLLUP CUBE
    GROUPING SETS
  `),
  mysql: words(`
    SHOW DATABASES TABLES COLUMNS DESCRIBE DESC REPLACE IGNORE STRAIGHT_JOIN SQL_CALC_FOUND_ROWS
    DUPLICATE REGEXP RLIKE DIV MOD XOR UNSIGNED SIGNED AUTO_INCREMENT ENGINE CHARSET ROLLUP
    FORCE USE KEY LOCK UNLOCK STATUS PROCESSLIST
  `),
  mariadb: words(`
    SHOW DATABASES TABLES COLUMNS DESCRIBE DESC REPLACE IGNORE STRAIGHT_JOIN DUPLICATE REGEXP RLIKE
    DIV MOD XOR UNSIGNED SIGNED AUTO_INCREMENT ENGINE CHARSET ROLLUP FORCE USE RETURNING SEQUENCE
    PROCESSLIST
  `),
  duckdb: words(`
    ILIKE GLOB SIMILAR QUALIFY PIVOT UNPIVOT ASOF POSITIONAL ANTI SEMI EXCLUDE REPLACE COLUMNS
    SUMMARIZE DESCRIBE SHOW TABLES USING SAMPLE TABLESAMPLE RETURNING MACRO ATTACH DETACH
    COPY PRAGMA STRUCT MAP LIST ROLLUP CUBE GROUPING SETS
  `),
  sqlite: words(`
    GLOB REGEXP PRAGMA VACUUM ATTACH DETACH REPLACE CONFLICT ABORT FAIL IGNORE AUTOINCREMENT
    WITHOUT ROWID RETURNING INDEXED
  `),
};

const STANDARD_FUNCTIONS = words(`
  count sum avg min max coalesce nullif abs round floor ceil power sqrt mod lower upper trim ltrim
  rtrim length substring replace concat cast current_date current_timestamp row_number rank
  dense_rank ntile lag lead first_value last_value nth_value percent_rank cume_dist
`);

const FUNCTIONS: Record<SqlEditorDialect, string[]> = {
  sql: words('extract position char_length octet_length'),
  postgresql: words(`
    string_agg array_agg json_agg jsonb_agg json_object_agg bool_and bool_or every stddev stddev_pop
    stddev_samp variance var_pop var_samp corr covar_pop percentile_cont percentile_disc mode
    date_trunc date_part extract age now make_date make_timestamp to_char to_date to_timestamp
    to_number justify_days generate_series split_part left right lpad rpad initcap strpos substr
    regexp_replace regexp_matches regexp_split_to_array format md5 concat_ws reverse repeat
    greatest least unnest array_length cardinality jsonb_extract_path json_build_object
    jsonb_build_object json_array_elements jsonb_array_elements random trunc ceiling log ln exp sign
    width_bucket
  `),
  mysql: words(`
    group_concat json_arrayagg json_objectagg bit_and bit_or std stddev variance var_pop var_samp
    date_format date_add date_sub datediff timestampdiff timestampadd curdate curtime now sysdate
    unix_timestamp from_unixtime str_to_date year month day dayofweek dayofmonth dayofyear week
    weekday quarter hour minute second last_day makedate extract ifnull if isnull greatest least
    concat_ws substr substring_index left right lpad rpad locate instr reverse repeat format
    regexp_replace regexp_like json_extract json_unquote json_object json_array rand truncate
    ceiling log ln exp sign conv hex unhex md5 sha2 uuid
  `),
  mariadb: words(`
    group_concat json_arrayagg json_objectagg bit_and bit_or std stddev variance var_pop var_samp
    median percentile_cont percentile_disc date_format date_add date_sub datediff timestampdiff
    timestampadd curdate curtime now sysdate unix_timestamp from_unixtime str_to_date year month day
    dayofweek dayofmonth dayofyear week weekday quarter hour minute second last_day extract ifnull
    if isnull nvl greatest least concat_ws substr substring_index left right lpad rpad locate instr
    reverse repeat format regexp_replace regexp_substr json_extract json_unquote json_object
    json_array rand truncate ceiling log ln exp sign md5 sha2 uuid
  `),
  duckdb: words(`
    string_agg list arg_min arg_max any_value approx_count_distinct approx_quantile quantile_cont
    quantile_disc median mode bool_and bool_or count_if stddev stddev_pop stddev_samp variance
    var_pop var_samp corr covar_pop histogram date_trunc date_part datepart date_diff datediff
    date_add date_sub strftime strptime epoch epoch_ms make_date make_timestamp to_timestamp
    time_bucket year month day dayofweek hour minute second last_day extract age now
    generate_series range unnest split_part string_split regexp_replace regexp_matches
    regexp_extract left right lpad rpad contains starts_with ends_with strpos instr reverse repeat
    concat_ws format printf md5 hash greatest least ifnull list_value list_aggregate list_contains
    array_length len struct_pack json_extract json_extract_string read_csv read_parquet read_json
    random trunc ceiling log ln exp sign try_cast typeof
  `),
  sqlite: words(`
    group_concat total ifnull iif instr substr printf format hex quote random randomblob
    zeroblob unicode char glob like likely typeof date time datetime julianday unixepoch strftime
    json json_extract json_object json_array json_group_array json_group_object greatest least
    changes last_insert_rowid
  `),
};

function isDialect(d: string): d is SqlEditorDialect {
  return (SQL_EDITOR_DIALECTS as readonly string[]).includes(d);
}

const unique = (xs: string[]): string[] => [...new Set(xs)];

/** Keywords for a dialect (upper case); an unknown dialect gets the standard list. */
export function sqlKeywords(dialect: string): string[] {
  return unique([...STANDARD_KEYWORDS, ...(isDialect(dialect) ? KEYWORDS[dialect] : [])]);
}

/** Built-in function names for a dialect (lower case); an unknown dialect gets the standard list. */
export function sqlFunctions(dialect: string): string[] {
  return unique([...STANDARD_FUNCTIONS, ...(isDialect(dialect) ? FUNCTIONS[dialect] : FUNCTIONS.sql)]);
}
