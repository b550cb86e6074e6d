/**
 * The functions an analyst's expression may call on DuckDB (the documentation's "Functions"
 * pages, the parts analysts use). Left out on purpose: every table function and reader (files,
 * URLs, other databases, `query`/`query_table` that run text or read a table by name), settings,
 * secrets and the environment (`current_setting`, `getenv`), the `duckdb_*` catalog functions,
 * generators (`range`, `generate_series`, `unnest`), and extensions' functions.
 */
import { COMMON_AGGREGATES, COMMON_SCALARS, nameSet, TYPE_CALLS, WINDOW_FUNCTIONS, type FunctionPolicy } from '../functions.js';

const AGGREGATES =
  'mean any_value arbitrary first last arg_max arg_min argmax argmin max_by min_by median mode quantile quantile_cont ' +
  'quantile_disc percentile_cont percentile_disc approx_quantile reservoir_quantile approx_count_distinct stddev ' +
  'stddev_pop stddev_samp variance var_pop var_samp corr covar_pop covar_samp regr_avgx regr_avgy regr_count ' +
  'regr_intercept regr_r2 regr_slope regr_sxx regr_sxy regr_syy string_agg group_concat listagg list array_agg ' +
  'histogram bool_and bool_or bit_and bit_or bit_xor count_if countif fsum sumkahan kahan_sum favg product kurtosis ' +
  'kurtosis_pop skewness entropy mad geomean geometric_mean weighted_avg';

const MATH =
  'ceil ceiling floor round_even roundbankers trunc sign sqrt cbrt exp ln log log10 log2 pow power mod fmod pi degrees ' +
  'radians sin cos tan asin acos atan atan2 cot sinh cosh tanh asinh acosh atanh greatest least isnan isinf isfinite ' +
  'random factorial gcd lcm even gamma lgamma bit_count xor signbit divide fdiv add subtract multiply';

const STRING =
  'lcase ucase len char_length character_length strlen octet_length bit_length concat concat_ws substring left right ' +
  'left_grapheme right_grapheme lpad rpad reverse position strpos instr starts_with ends_with suffix prefix contains ' +
  'split_part string_split str_split string_split_regex string_to_array format printf md5 sha1 sha256 hash ascii chr ' +
  'unicode ord initcap translate levenshtein damerau_levenshtein jaro_similarity jaro_winkler_similarity jaccard ' +
  'hamming mismatches editdist3 strip_accents nfc_normalize array_to_string list_aggr to_base64 from_base64 base64 ' +
  'encode decode format_bytes formatreadablesize formatreadabledecimalsize bar like_escape ilike_escape';

const REGEX = 'regexp_matches regexp_replace regexp_extract regexp_extract_all regexp_full_match regexp_split_to_array regexp_escape';

const DATE_TIME =
  'date_trunc datetrunc date_part datepart date_diff datediff date_sub datesub date_add extract strftime strptime ' +
  'try_strptime to_timestamp epoch epoch_ms epoch_us epoch_ns make_date make_time make_timestamp make_timestamptz now ' +
  'current_date current_time current_timestamp get_current_timestamp get_current_time today transaction_timestamp age ' +
  'year month day dayofmonth dayofweek dayofyear isodow isoyear week weekofyear weekday quarter hour minute second ' +
  'millisecond microsecond nanosecond yearweek era decade century millennium julian dayname monthname last_day ' +
  'time_bucket timezone timezone_hour timezone_minute to_days to_hours to_minutes to_seconds to_milliseconds ' +
  'to_microseconds to_weeks to_months to_quarters to_years to_decades to_centuries to_millennia';

const CONDITIONAL_CASTS = 'ifnull if iif try_cast try typeof';

const LISTS_STRUCTS_JSON =
  'list_value list_pack array_length list_contains array_contains list_has list_extract list_element array_extract ' +
  'list_slice array_slice list_sort array_sort list_reverse_sort list_distinct array_distinct list_unique array_unique ' +
  'list_position list_indexof array_position list_concat list_cat array_concat array_cat list_append array_append ' +
  'list_prepend array_prepend list_aggregate array_aggregate list_sum list_min list_max list_avg list_count ' +
  'list_transform array_transform list_apply array_apply list_filter array_filter list_reduce array_reduce ' +
  'list_has_any list_has_all array_has_any array_has_all flatten cardinality element_at map_extract map_keys ' +
  'map_values struct_extract struct_pack row json_extract json_extract_string json_extract_path ' +
  'json_extract_path_text json_value json_array_length json_type json_valid json_keys json_object json_array to_json ' +
  'json_contains json_exists';

export const DUCKDB_FUNCTIONS: FunctionPolicy = {
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
    CONDITIONAL_CASTS,
    LISTS_STRUCTS_JSON,
  ),
  dottedCalls: 'method',
  catalogSchema: null,
  attributeCalls: false,
  caseSensitiveQuotes: false,
};
