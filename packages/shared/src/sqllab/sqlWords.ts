/**
 * Keywords and built-in functions offered by SQL Lab's completion: standard SQL's, plus the words a
 * database's engine adds (`engine_information.editor_dialect`, from the engine's spec on the server).
 */
import type { EditorDialectInfo } from '../api/database.js';

const words = (s: string): string[] => s.trim().split(/\s+/);

const STANDARD_KEYWORDS = words(`
  SELECT FROM WHERE GROUP BY ORDER HAVING LIMIT OFFSET AS ON USING AND OR NOT IN IS NULL LIKE BETWEEN
  EXISTS DISTINCT ALL ANY SOME CASE WHEN THEN ELSE END JOIN INNER LEFT RIGHT FULL OUTER CROSS NATURAL
  UNION INTERSECT EXCEPT WITH RECURSIVE ASC DESC NULLS FIRST LAST INSERT INTO VALUES UPDATE SET DELETE
  CREATE TABLE VIEW INDEX DROP ALTER ADD COLUMN PRIMARY KEY FOREIGN REFERENCES UNIQUE CHECK DEFAULT
  CONSTRAINT TRUE FALSE CAST OVER PARTITION ROWS RANGE UNBOUNDED PRECEDING FOLLOWING CURRENT ROW
  WINDOW FETCH NEXT ONLY EXPLAIN IF TEMPORARY TRUNCATE BEGIN COMMIT ROLLBACK TRANSACTION SCHEMA
  DATABASE GRANT REVOKE INTERVAL FILTER LATERAL ESCAPE COLLATE
`);

const STANDARD_FUNCTIONS = words(`
  count sum avg min max coalesce nullif abs round floor ceil power sqrt mod lower upper trim ltrim
  rtrim length substring replace concat cast current_date current_timestamp row_number rank
  dense_rank ntile lag lead first_value last_value nth_value percent_rank cume_dist
`);

/** The editor for a database whose engine says nothing (none chosen, or an unknown one): standard SQL. */
export const STANDARD_EDITOR_DIALECT: EditorDialectInfo = {
  highlight: 'StandardSQL',
  backslash_escapes: false,
  hash_comments: false,
  keywords: [],
  functions: words('extract position char_length octet_length'),
};

/** A database's editor dialect (`engine_information.editor_dialect`), standard SQL when it has none. */
export function editorDialectOf(
  db: { engine_information?: { editor_dialect?: EditorDialectInfo | null } | null } | null | undefined,
): EditorDialectInfo {
  return db?.engine_information?.editor_dialect ?? STANDARD_EDITOR_DIALECT;
}

const unique = (xs: string[]): string[] => [...new Set(xs)];

/** Keywords for a dialect (upper case): standard SQL's and the engine's own. */
export function sqlKeywords(dialect: EditorDialectInfo = STANDARD_EDITOR_DIALECT): string[] {
  return unique([...STANDARD_KEYWORDS, ...dialect.keywords]);
}

/** Built-in function names for a dialect (lower case): the standard ones and the engine's own. */
export function sqlFunctions(dialect: EditorDialectInfo = STANDARD_EDITOR_DIALECT): string[] {
  return unique([...STANDARD_FUNCTIONS, ...dialect.functions]);
}
