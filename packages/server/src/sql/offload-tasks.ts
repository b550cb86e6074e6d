/**
 * The SQL analyses that can run in a parse worker (offload.ts): the same functions inline and in
 * the worker, so a result never depends on where it was computed.
 */
import { format } from 'sql-formatter';
import { checkScript, type ScriptCheck } from './statements.js';
import { sqlTables, type SqlTableRef } from './tables.js';

/** sql-formatter in the engine's language; text the formatter cannot read comes back unchanged. */
export function formatSql(sql: string, language: string): string {
  try {
    return format(sql, { language: language as 'sql', keywordCase: 'upper' });
  } catch {
    return sql;
  }
}

export interface TaskResults {
  check: ScriptCheck;
  tables: SqlTableRef[];
  format: string;
}

export type TaskName = keyof TaskResults;

/** `dialect` is the parser dialect for check and tables, the formatter language for format. */
export function runTask<T extends TaskName>(task: T, sql: string, dialect: string | null): TaskResults[T] {
  const result: TaskResults[TaskName] =
    task === 'check'
      ? checkScript(sql, dialect ?? 'PostgresQL')
      : task === 'tables'
        ? sqlTables(sql, dialect)
        : formatSql(sql, dialect ?? 'sql');
  return result as TaskResults[T];
}
