/**
 * How SQL Lab's editor treats MySQL SQL (sent to the web app as `engine_information.editor_dialect`):
 * the highlighter's flavour, the tokenizer's rules, and the keywords and built-in functions the
 * completion offers beyond standard SQL. Reasonable, not exhaustive: the words people type daily. MariaDB databases get the same editor.
 */
import type { EditorDialectInfo } from '@rama/shared';

const words = (s: string): string[] => s.trim().split(/\s+/);

export const mysqlEditor: EditorDialectInfo = {
  highlight: 'MySQL',
  backslash_escapes: true,
  hash_comments: true,
  keywords: words(`
    SHOW DATABASES TABLES COLUMNS DESCRIBE DESC REPLACE IGNORE STRAIGHT_JOIN SQL_CALC_FOUND_ROWS
    DUPLICATE REGEXP RLIKE DIV MOD XOR UNSIGNED SIGNED AUTO_INCREMENT ENGINE CHARSET ROLLUP
    FORCE USE KEY LOCK UNLOCK STATUS PROCESSLIST
  `),
  functions: words(`
    group_concat json_arrayagg json_objectagg bit_and bit_or std stddev variance var_pop var_samp
    date_format date_add date_sub datediff timestampdiff timestampadd curdate curtime now sysdate
    unix_timestamp from_unixtime str_to_date year month day dayofweek dayofmonth dayofyear week
    weekday quarter hour minute second last_day makedate extract ifnull if isnull greatest least
    concat_ws substr substring_index left right lpad rpad locate instr reverse repeat format
    regexp_replace regexp_like json_extract json_unquote json_object json_array rand truncate
    ceiling log ln exp sign conv hex unhex md5 sha2 uuid
  `),
};
