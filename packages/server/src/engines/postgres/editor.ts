/**
 * How SQL Lab's editor treats PostgreSQL SQL (sent to the web app as `engine_information.editor_dialect`):
 * the highlighter's flavour, the tokenizer's rules, and the keywords and built-in functions the
 * completion offers beyond standard SQL. Reasonable, not exhaustive: the words people type daily.
 */
import type { EditorDialectInfo } from '@rama/shared';

const words = (s: string): string[] => s.trim().split(/\s+/);

export const postgresEditor: EditorDialectInfo = {
  highlight: 'PostgreSQL',
  backslash_escapes: false,
  hash_comments: false,
  keywords: words(`
    ILIKE SIMILAR RETURNING ON CONFLICT DO NOTHING MATERIALIZED TABLESAMPLE BERNOULLI SYSTEM ARRAY
    WITHIN ORDINALITY ANALYZE VERBOSE VACUUM SHOW SEARCH_PATH EXCLUDE TIES GROUPS ROLLUP CUBE
    GROUPING SETS
  `),
  functions: words(`
    string_agg array_agg json_agg jsonb_agg json_object_agg bool_and bool_or every stddev stddev_pop
    stddev_samp variance var_pop var_samp corr covar_pop percentile_cont percentile_disc mode
    date_trunc date_part extract age now make_date make_timestamp to_char to_date to_timestamp
    to_number justify_days generate_series split_part left right lpad rpad initcap strpos substr
    regexp_replace regexp_matches regexp_split_to_array format md5 concat_ws reverse repeat
    greatest least unnest array_length cardinality jsonb_extract_path json_build_object
    jsonb_build_object json_array_elements jsonb_array_elements random trunc ceiling log ln exp sign
    width_bucket
  `),
};
