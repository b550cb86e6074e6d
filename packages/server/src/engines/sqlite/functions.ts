/**
 * The functions an analyst's expression may call on SQLite (core, date and time, math, aggregate,
 * window and JSON functions). Left out on purpose: extensions and files (`load_extension`,
 * `readfile`, `writefile`, `edit`, `fsdir`), the raw database (`sqlite_dbpage` …), `fts3_tokenizer`,
 * text and blobs of a requested size (`zeroblob`, `randomblob`), and the connection's own state.
 */
import { COMMON_AGGREGATES, COMMON_SCALARS, nameSet, TYPE_CALLS, WINDOW_FUNCTIONS, type FunctionPolicy } from '../functions.js';

const AGGREGATES = 'group_concat string_agg total median percentile percentile_cont percentile_disc';

const CORE =
  'char hex ifnull iif if instr like likelihood likely unlikely octet_length printf format quote random ' +
  'soundex typeof unhex unicode concat concat_ws';

const MATH =
  'acos acosh asin asinh atan atan2 atanh ceil ceiling cos cosh degrees exp floor ln log log10 log2 mod pi pow power ' +
  'radians sin sinh sqrt tan tanh trunc sign';

const DATE_TIME = 'date time datetime julianday unixepoch strftime timediff';

const JSON =
  'json json_array json_array_length json_extract json_insert json_object json_patch json_remove json_replace json_set ' +
  'json_type json_valid json_quote json_group_array json_group_object jsonb jsonb_extract';

export const SQLITE_FUNCTIONS: FunctionPolicy = {
  allowed: nameSet(COMMON_AGGREGATES, WINDOW_FUNCTIONS, COMMON_SCALARS, TYPE_CALLS, AGGREGATES, CORE, MATH, DATE_TIME, JSON),
  dottedCalls: 'none',
  catalogSchema: null,
  attributeCalls: false,
  caseSensitiveQuotes: false,
};
