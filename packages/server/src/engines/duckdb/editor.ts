/**
 * How SQL Lab's editor treats DuckDB SQL (sent to the web app as `engine_information.editor_dialect`):
 * the highlighter's flavour, the tokenizer's rules, and the keywords and built-in functions the
 * completion offers beyond standard SQL. Reasonable, not exhaustive: the words people type daily. DuckDB reads like PostgreSQL to the highlighter.
 */
import type { EditorDialectInfo } from '@rama/shared';

const words = (s: string): string[] => s.trim().split(/\s+/);

export const duckdbEditor: EditorDialectInfo = {
  highlight: 'PostgreSQL',
  backslash_escapes: false,
  hash_comments: false,
  keywords: words(`
    ILIKE GLOB SIMILAR QUALIFY PIVOT UNPIVOT ASOF POSITIONAL ANTI SEMI EXCLUDE REPLACE COLUMNS
    SUMMARIZE DESCRIBE SHOW TABLES USING SAMPLE TABLESAMPLE RETURNING MACRO ATTACH DETACH
    COPY PRAGMA STRUCT MAP LIST ROLLUP CUBE GROUPING SETS
  `),
  functions: words(`
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
};
