/**
 * The functions an analyst's expression may call on MySQL and MariaDB (the manual's "Functions and
 * Operators", the parts analysts use). Left out on purpose: information functions (user, database,
 * connection and session), files (`LOAD_FILE`), sleeping and busy loops (`SLEEP`, `BENCHMARK`),
 * named locks, replication waits, sequences, XML (`EXTRACTVALUE`), and any user-defined function
 * (`sys_exec` …). No MySQL function runs text as SQL; none is needed here either.
 */
import { COMMON_AGGREGATES, COMMON_SCALARS, nameSet, TYPE_CALLS, WINDOW_FUNCTIONS, type FunctionPolicy } from '../functions.js';

const AGGREGATES =
  'group_concat json_arrayagg json_objectagg std stddev stddev_pop stddev_samp variance var_pop var_samp bit_and bit_or ' +
  'bit_xor median percentile_cont percentile_disc';

const MATH =
  'acos asin atan atan2 ceil ceiling conv cos cot crc32 degrees exp floor ln log log10 log2 mod pi pow power radians rand ' +
  'sign sin sqrt tan truncate greatest least';

const STRING =
  'ascii bin bit_length char_length character_length concat concat_ws elt field find_in_set format from_base64 hex insert ' +
  'instr lcase left locate lpad make_set mid oct octet_length ord position quote reverse right rpad soundex strcmp ' +
  'substring substring_index to_base64 ucase unhex md5 sha sha1 sha2 sformat natural_sort_key match against';

const REGEX = 'regexp_instr regexp_like regexp_replace regexp_substr';

const DATE_TIME =
  'adddate addtime convert_tz curdate current_date current_time current_timestamp curtime date date_add date_format ' +
  'date_sub datediff day dayname dayofmonth dayofweek dayofyear extract from_days from_unixtime get_format hour last_day ' +
  'localtime localtimestamp makedate maketime microsecond minute month monthname now period_add period_diff quarter ' +
  'sec_to_time second str_to_date subdate subtime sysdate time_format time_to_sec timediff timestampadd timestampdiff ' +
  'to_days to_seconds unix_timestamp utc_date utc_time utc_timestamp week weekday weekofyear year yearweek add_months';

const CONDITIONAL_CASTS = 'if ifnull isnull convert';

const JSON =
  'json_extract json_unquote json_value json_query json_contains json_contains_path json_length json_type json_valid ' +
  'json_keys json_object json_array json_search json_overlaps json_depth';

const OTHER = 'uuid inet_aton inet_ntoa inet6_aton inet6_ntoa is_ipv4 is_ipv6';

export const MYSQL_FUNCTIONS: FunctionPolicy = {
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
    JSON,
    OTHER,
  ),
  dottedCalls: 'none',
  catalogSchema: null,
  attributeCalls: false,
  caseSensitiveQuotes: false,
};
