/**
 * How SQL Lab's editor treats ClickHouse SQL (sent to the web app as `engine_information.editor_dialect`):
 * highlighted as MySQL (backticks, backslash escapes), with the keywords and functions people type daily.
 */
import type { EditorDialectInfo } from '@rama/shared';

const words = (s: string): string[] => s.trim().split(/\s+/);

export const clickhouseEditor: EditorDialectInfo = {
  highlight: 'MySQL',
  backslash_escapes: true,
  hash_comments: false,
  keywords: words(`
    PREWHERE FINAL SAMPLE ARRAY GLOBAL ANY ALL ASOF SETTINGS FORMAT ENGINE PARTITION TTL
    SHOW DATABASES TABLES DESCRIBE DESC OPTIMIZE ATTACH DETACH MATERIALIZED LIVE
  `),
  functions: words(`
    count uniq uniqExact quantile quantiles median any anyLast argMin argMax groupArray topK
    countIf sumIf avgIf if multiIf ifNull toDate toDateTime toString toInt64 toUInt64 toFloat64
    toStartOfMinute toStartOfFiveMinute toStartOfFifteenMinutes toStartOfHour toStartOfDay toMonday
    toStartOfMonth toStartOfQuarter toStartOfYear toYear toMonth toDayOfMonth toDayOfWeek toHour
    now today yesterday formatDateTime dateDiff addDays addMonths lowerUTF8 upperUTF8 substring
    concat position match extract replaceAll replaceRegexpAll splitByChar has length empty notEmpty
    intDiv round floor ceil greatest least
  `),
};
