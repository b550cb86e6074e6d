/**
 * The SQL analyses that can run in a parse worker (offload.ts): the same functions inline and in
 * the worker, so a result never depends on where it was computed.
 */
import type * as SqlFormatter from 'sql-formatter';
import type { SqlSyntax } from '../engines/types.js';
import { lazyModule } from '../lazy-module.js';
import { checkScript, type ScriptCheck } from './statements.js';
import { sqlTables, type SqlTableRef } from './tables.js';

/** sql-formatter, required on the first format (its grammars are ~90 modules an idle server need not hold). */
const sqlFormatter = lazyModule<typeof SqlFormatter>('sql-formatter');

/** sql-formatter in the engine's language; text the formatter cannot read comes back unchanged. */
export function formatSql(sql: string, language: string): string {
  try {
    return sqlFormatter().format(sql, { language: language as 'sql', keywordCase: 'upper' });
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

/** What each task reads the SQL with: the engine's syntax, its parser dialect, its formatter language. */
export interface TaskDialects {
  check: SqlSyntax;
  tables: string | null;
  format: string;
}

export function runTask<T extends TaskName>(task: T, sql: string, dialect: TaskDialects[T]): TaskResults[T] {
  const result: TaskResults[TaskName] =
    task === 'check'
      ? checkScript(sql, dialect as SqlSyntax)
      : task === 'tables'
        ? sqlTables(sql, dialect as string | null)
        : formatSql(sql, (dialect as string | null) ?? 'sql');
  return result as TaskResults[T];
}
