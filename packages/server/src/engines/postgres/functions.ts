/**
 * The functions an analyst's expression may call on PostgreSQL (the chapters "Functions and
 * Operators" of the manual, the parts analysts use). Left out on purpose: everything in "System
 * Information" and "System Administration" (settings, sessions, files, sizes, privileges), SQL run
 * from text (`ts_stat`, `ts_rewrite`, `query_to_xml` …), XML, large objects, sequences, advisory
 * locks, set-returning generators, and every extension's functions (dblink, postgres_fdw …).
 */
import { COMMON_AGGREGATES, COMMON_SCALARS, nameSet, TYPE_CALLS, WINDOW_FUNCTIONS, type FunctionPolicy } from '../functions.js';

const AGGREGATES =
  'every bool_and bool_or bit_and bit_or bit_xor string_agg array_agg json_agg jsonb_agg json_object_agg jsonb_object_agg ' +
  'stddev stddev_pop stddev_samp variance var_pop var_samp corr covar_pop covar_samp regr_avgx regr_avgy regr_count ' +
  'regr_intercept regr_r2 regr_slope regr_sxx regr_sxy regr_syy percentile_cont percentile_disc mode any_value';

const MATH =
  'cbrt ceil ceiling degrees div exp factorial floor gcd lcm ln log log10 min_scale mod pi power pow radians random ' +
  'scale sign sqrt trim_scale trunc width_bucket acos asin atan atan2 cos cot sin tan acosd asind atand atan2d cosd cotd ' +
  'sind tand sinh cosh tanh asinh acosh atanh greatest least';

const STRING =
  'ascii bit_length btrim char_length character_length chr concat concat_ws format initcap left lpad md5 normalize ' +
  'octet_length overlay position quote_ident quote_literal quote_nullable reverse right rpad split_part starts_with ' +
  'strpos substring to_hex translate unistr sha224 sha256 sha384 sha512 encode decode convert_from convert_to to_ascii ' +
  'string_to_array array_to_string';

const REGEX = 'regexp_count regexp_instr regexp_like regexp_match regexp_matches regexp_replace regexp_split_to_array regexp_substr';

const DATE_TIME =
  'age clock_timestamp current_date current_time current_timestamp localtime localtimestamp date_bin date_part date_trunc ' +
  'extract isfinite justify_days justify_hours justify_interval make_date make_interval make_time make_timestamp ' +
  'make_timestamptz now statement_timestamp transaction_timestamp timeofday to_timestamp to_char to_date to_number ' +
  'timezone date_add date_subtract';

const ARRAYS_JSON =
  'array_length cardinality array_position array_positions array_remove array_replace array_append array_prepend ' +
  'array_cat array_lower array_upper array_ndims array_dims trim_array json_extract_path json_extract_path_text ' +
  'jsonb_extract_path jsonb_extract_path_text json_array_length jsonb_array_length json_typeof jsonb_typeof to_json ' +
  'to_jsonb json_build_object jsonb_build_object json_build_array jsonb_build_array jsonb_path_exists ' +
  'jsonb_path_match jsonb_path_query_first jsonb_strip_nulls jsonb_pretty';

/** Full-text search over a column: the query argument is tsquery syntax, never SQL. */
const TEXT_SEARCH = 'to_tsvector to_tsquery plainto_tsquery phraseto_tsquery websearch_to_tsquery ts_rank ts_rank_cd';

const OTHER = 'pg_typeof num_nulls num_nonnulls gen_random_uuid int2 int4 int8 float4 float8 text date interval bool timestamptz';

export const POSTGRES_FUNCTIONS: FunctionPolicy = {
  allowed: nameSet(
    COMMON_AGGREGATES,
    WINDOW_FUNCTIONS,
    COMMON_SCALARS,
    TYPE_CALLS,
    AGGREGATES,
    MATH,
    STRING,
    REGEX,
    DATE_TIME,
    ARRAYS_JSON,
    TEXT_SEARCH,
    OTHER,
  ),
  dottedCalls: 'schema',
  catalogSchema: 'pg_catalog',
  attributeCalls: true,
  caseSensitiveQuotes: true,
};
