/**
 * Text filters of list endpoints (`ct`, `sw`, `ew`): case-insensitive on every metadata dialect
 * (LIKE is case-sensitive on PostgreSQL), with the user's `%`, `_` and `!` matched literally.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';

export type TextMatchMode = 'ct' | 'sw' | 'ew';

/** The LIKE pattern for `text` (lower-cased, `!` as the escape character). */
export function likePattern(text: string, mode: TextMatchMode): string {
  const escaped = text.toLowerCase().replace(/[!%_]/g, '!$&');
  return mode === 'ct' ? `%${escaped}%` : mode === 'sw' ? `${escaped}%` : `%${escaped}`;
}

/** `lower(column) LIKE pattern ESCAPE '!'` for a column reference such as `query.sql`. */
export function textMatches(column: string, text: string, mode: TextMatchMode = 'ct'): RawBuilder<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${likePattern(text, mode)} escape '!'`;
}
