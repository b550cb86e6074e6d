/**
 * The functions an analyst's expression may call on ClickHouse: aggregates (with the common `-If`
 * combinators), conversions, dates and times, strings, regular expressions, JSON text, arrays read
 * (not built to a requested size), math, conditionals, hashes. Names compare in lower case; a
 * spelling ClickHouse does not know simply fails there.
 *
 * Left out on purpose:
 * - every table function (`file`, `url`, `remote`, `remoteSecure`, `cluster`, `mysql`, `postgresql`,
 *   `jdbc`, `odbc`, `hdfs`, `s3`, `input`, `merge`, `numbers`, `generateRandom`, `dictionary`):
 *   they read files, URLs, other servers or other tables;
 * - `dictGet*` and `dictHas`: a dictionary's source may be another server, a URL or a program the
 *   server runs, and it holds rows the dataset does not expose; `joinGet` reads a Join table;
 * - information about the server and the session: `currentUser`, `currentDatabase`, `hostName`,
 *   `version`, `uptime`, `getSetting`, `getMacro`, `FQDN`, `timezone`, `serverUUID`;
 * - `sleep`, `sleepEachRow`, `throwIf`, model evaluation (`modelEvaluate`, `catboostEvaluate`);
 * - values of a size the request chooses: `repeat`, `space`, `leftPad`, `rightPad`, `range`,
 *   `replicate`, `arrayResize`, `randomString`, `randomPrintableASCII`, `arrayJoin` (multiplies rows).
 */
import { COMMON_AGGREGATES, COMMON_SCALARS, nameSet, WINDOW_FUNCTIONS, type FunctionPolicy } from '../functions.js';

const AGGREGATES =
  'uniq uniqExact uniqCombined uniqHLL12 quantile quantiles quantileExact quantileExactWeighted quantileTiming quantileTDigest ' +
  'median medianExact any anyLast anyHeavy argMin argMax groupArray groupUniqArray topK varPop varSamp stddevPop stddevSamp ' +
  'covarPop covarSamp corr sumWithOverflow groupBitAnd groupBitOr groupBitXor ' +
  'countIf sumIf avgIf minIf maxIf uniqIf uniqExactIf anyIf argMinIf argMaxIf quantileIf medianIf sumArray ' +
  'stddev_pop stddev_samp var_pop var_samp';

const CONVERSIONS =
  'toInt8 toInt16 toInt32 toInt64 toUInt8 toUInt16 toUInt32 toUInt64 toFloat32 toFloat64 toDecimal32 toDecimal64 toDecimal128 ' +
  'toInt8OrZero toInt16OrZero toInt32OrZero toInt64OrZero toUInt8OrZero toUInt16OrZero toUInt32OrZero toUInt64OrZero ' +
  'toFloat32OrZero toFloat64OrZero toInt32OrNull toInt64OrNull toUInt64OrNull toFloat64OrNull toDateOrZero toDateOrNull ' +
  'toDateTimeOrZero toDateTimeOrNull toString toDate toDateTime toDateTime64 toUUID toNullable assumeNotNull ' +
  'reinterpretAsString toTypeName';

const DATE_TIME =
  'now today yesterday toYear toQuarter toMonth toDayOfMonth toDayOfWeek toDayOfYear toHour toMinute toSecond toISOWeek ' +
  'toISOYear toWeek toYearWeek toStartOfMinute toStartOfFiveMinute toStartOfTenMinutes toStartOfFifteenMinutes toStartOfHour ' +
  'toStartOfDay toMonday toStartOfWeek toStartOfMonth toStartOfQuarter toStartOfYear toStartOfISOYear toStartOfInterval ' +
  'toLastDayOfMonth toTime toRelativeYearNum toRelativeMonthNum toRelativeWeekNum toRelativeDayNum toRelativeHourNum ' +
  'toRelativeMinuteNum toRelativeSecondNum toUnixTimestamp fromUnixTimestamp toYYYYMM toYYYYMMDD toYYYYMMDDhhmmss ' +
  'formatDateTime dateDiff date_diff date_trunc timeSlot toTimeZone parseDateTimeBestEffort parseDateTimeBestEffortOrNull ' +
  'parseDateTimeBestEffortOrZero addSeconds addMinutes addHours addDays addWeeks addMonths addQuarters addYears ' +
  'subtractSeconds subtractMinutes subtractHours subtractDays subtractWeeks subtractMonths subtractQuarters subtractYears ' +
  'toIntervalSecond toIntervalMinute toIntervalHour toIntervalDay toIntervalWeek toIntervalMonth toIntervalQuarter toIntervalYear';

const STRING =
  'empty notEmpty lengthUTF8 char_length lowerUTF8 upperUTF8 reverse reverseUTF8 concat substring substringUTF8 mid ' +
  'appendTrailingCharIfAbsent position positionCaseInsensitive positionUTF8 positionCaseInsensitiveUTF8 locate startsWith ' +
  'endsWith trimLeft trimRight trimBoth splitByChar splitByString arrayStringConcat toValidUTF8 format convertCharset ' +
  'base64Encode base64Decode tryBase64Decode hex unhex MD5 SHA1 SHA224 SHA256 cityHash64 sipHash64 sipHash128 ' +
  'murmurHash2_32 murmurHash2_64 murmurHash3_32 murmurHash3_64 xxHash32 xxHash64 farmHash64 javaHash halfMD5 URLHash ' +
  'multiSearchAny multiSearchFirstIndex multiSearchFirstPosition ngramDistance ngramSearch ' +
  'protocol domain domainWithoutWWW topLevelDomain firstSignificantSubdomain path pathFull queryString fragment ' +
  'extractURLParameter extractURLParameters cutQueryString cutWWW decodeURLComponent';

const REGEX = 'match extract extractAll like notLike replaceOne replaceAll replaceRegexpOne replaceRegexpAll regexpQuoteMeta';

const JSON_TEXT =
  'visitParamHas visitParamExtractUInt visitParamExtractInt visitParamExtractFloat visitParamExtractBool visitParamExtractRaw ' +
  'visitParamExtractString JSONHas JSONLength JSONType JSONExtractString JSONExtractInt JSONExtractUInt JSONExtractFloat ' +
  'JSONExtractBool JSONExtractRaw';

const ARRAYS =
  'array has hasAll hasAny indexOf countEqual arrayElement arraySlice arrayConcat arrayDistinct arrayUniq arraySort ' +
  'arrayReverseSort arrayReverse arrayEnumerate arrayEnumerateUniq notEmpty emptyArrayString tuple tupleElement';

const MATH =
  'floor ceil ceiling trunc truncate roundBankers roundToExp2 roundDown exp exp2 exp10 log ln log2 log10 sqrt cbrt pow power ' +
  'sin cos tan asin acos atan pi e erf erfc lgamma tgamma intDiv intDivOrZero modulo negate plus minus multiply divide ' +
  'greatest least sign isFinite isInfinite isNaN ifNotFinite bitAnd bitOr bitXor bitNot bitShiftLeft bitShiftRight ' +
  'rand rand64 generateUUIDv4';

const CONDITIONAL = 'if multiIf ifNull isNull isNotNull equals notEquals less greater lessOrEquals greaterOrEquals and or not xor';

const NETWORK = 'IPv4NumToString IPv4StringToNum IPv4NumToStringClassC IPv6NumToString IPv6StringToNum toIPv4 toIPv6';

export const CLICKHOUSE_FUNCTIONS: FunctionPolicy = {
  allowed: nameSet(
    COMMON_AGGREGATES,
    WINDOW_FUNCTIONS,
    COMMON_SCALARS,
    AGGREGATES,
    CONVERSIONS,
    DATE_TIME,
    STRING,
    REGEX,
    JSON_TEXT,
    ARRAYS,
    MATH,
    CONDITIONAL,
    NETWORK,
  ),
  // `db.fn(…)` would call a user-defined function of another database (newer servers): refused
  dottedCalls: 'none',
  catalogSchema: null,
  attributeCalls: false,
  caseSensitiveQuotes: false,
};
