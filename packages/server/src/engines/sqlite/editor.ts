/**
 * How SQL Lab's editor treats SQLite SQL (sent to the web app as `engine_information.editor_dialect`):
 * the highlighter's flavour, the tokenizer's rules, and the keywords and built-in functions the
 * completion offers beyond standard SQL. Reasonable, not exhaustive: the words people type daily.
 */
import type { EditorDialectInfo } from '@rama/shared';

const words = (s: string): string[] => s.trim().split(/\s+/);

export const sqliteEditor: EditorDialectInfo = {
  highlight: 'SQLite',
  backslash_escapes: false,
  hash_comments: false,
  keywords: words(`
    GLOB REGEXP PRAGMA VACUUM ATTACH DETACH REPLACE CONFLICT ABORT FAIL IGNORE AUTOINCREMENT
    WITHOUT ROWID RETURNING INDEXED
  `),
  functions: words(`
    group_concat total ifnull iif instr substr printf format hex quote random randomblob
    zeroblob unicode char glob like likely typeof date time datetime julianday unixepoch strftime
    json json_extract json_object json_array json_group_array json_group_object greatest least
    changes last_insert_rowid
  `),
};
