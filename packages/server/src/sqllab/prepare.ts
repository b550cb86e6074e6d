/**
 * Turning the editor's SQL into what runs: template rendering, statement split, the read-only
 * check where data changes are not allowed (fail closed), CTAS/CVAS, and the row limit.
 * Everything here can refuse with a 400 before a query record exists.
 */
import { effectiveLimit, ErrorType } from '@rama/shared';
import type { OpenDatabase } from '../databases/connections.js';
import type { DatabaseTable, Row } from '../metadata/schema.js';
import { existingLimit } from '../engines/limit.js';
import { typedError } from '../http/errors.js';
import type { Principal } from '../security/principal.js';
import { checkScript, type StatementKind } from '../sql/statements.js';
import { parseTemplateParams, renderSqlTemplate, TemplateError } from '../sql/template.js';

export interface PreparedRun {
  /** statements as they are sent to the engine */
  statements: string[];
  /** index of the statement whose rows are the result, -1 when none returns rows */
  resultIndex: number;
  limit: number;
  /** the LIMIT the user wrote on the result statement */
  sqlLimit: number | null;
  /** every statement only reads, so the result can be re-run for a CSV export */
  readOnly: boolean;
  ctas: { table: string; schema: string | null; method: 'TABLE' | 'VIEW' } | null;
}

export interface PrepareInput {
  sql: string;
  templateParams: string | null;
  schema: string | null;
  queryLimit: number | null;
  selectAsCta: boolean;
  ctasMethod: 'TABLE' | 'VIEW';
  tmpTableName: string | null;
  tmpSchemaName: string | null;
  urlParams: Record<string, string>;
}

const dmlRefused = (unknown: boolean) =>
  typedError(
    400,
    unknown
      ? 'This database does not allow data changes (DML), and the query could not be parsed to confirm it only reads. Please check the syntax, or contact your administrator.'
      : 'Only SELECT statements are allowed against this database.',
    ErrorType.DML_NOT_ALLOWED_ERROR,
  );

/** DuckDB can tell for itself whether text is a plain SELECT: its own parser, used only to allow. */
async function duckdbConfirmsSelect(db: OpenDatabase, statement: string): Promise<boolean> {
  try {
    const literal = `'${statement.replace(/'/g, "''")}'`;
    const res = await db.pool.execute(`SELECT json_serialize_sql(${literal}) AS ast`, { maxRows: 1 });
    const ast: unknown = JSON.parse(String(res.rows[0]?.[0] ?? '{}'));
    return typeof ast === 'object' && ast !== null && (ast as { error?: unknown }).error === false;
  } catch {
    return false;
  }
}

export async function prepareRun(db: OpenDatabase, row: Row<DatabaseTable>, user: Principal, input: PrepareInput, sqlMaxRow: number): Promise<PreparedRun> {
  let rendered: string;
  try {
    rendered = await renderSqlTemplate(input.sql, {
      params: parseTemplateParams(input.templateParams),
      username: user.username,
      userId: user.id,
      email: user.email,
      urlParams: input.urlParams,
    });
  } catch (e) {
    if (e instanceof TemplateError) throw typedError(400, e.message, ErrorType.INVALID_TEMPLATE_PARAMS_ERROR);
    throw e;
  }
  const dialect = db.spec.parserDialect;
  const check = checkScript(rendered, dialect);
  if (!check.statements.length) throw typedError(400, 'The query is empty: there is no statement to run.', ErrorType.INVALID_SQL_ERROR);
  const kinds: StatementKind[] = [...check.kinds];
  if (db.spec.engine === 'duckdb') {
    for (let i = 0; i < kinds.length; i++) if (kinds[i] === 'unknown' && (await duckdbConfirmsSelect(db, check.statements[i]))) kinds[i] = 'select';
  }
  const readOnly = kinds.every((k) => k === 'select');
  const statements = [...check.statements];
  let resultIndex = kinds.lastIndexOf('select');
  let ctas: PreparedRun['ctas'] = null;

  if (input.selectAsCta) {
    const method = input.ctasMethod;
    if (method === 'TABLE' && !row.allow_ctas) throw typedError(400, 'This database does not allow CREATE TABLE AS (CTAS).', ErrorType.INVALID_CTAS_QUERY_ERROR);
    if (method === 'VIEW' && !row.allow_cvas) throw typedError(400, 'This database does not allow CREATE VIEW AS (CVAS).', ErrorType.INVALID_CVAS_QUERY_ERROR);
    const last = statements.length - 1;
    if (kinds[last] !== 'select') {
      throw typedError(
        400,
        'CTAS (create table as select) can only be run with a query where the last statement is a SELECT. Please make sure your query has a SELECT as its last statement. Then, try running your query again.',
        ErrorType.INVALID_CTAS_QUERY_ERROR,
      );
    }
    if (method === 'VIEW' && statements.length > 1) {
      throw typedError(
        400,
        'CVAS (create view as select) can only be run with a query with a single SELECT statement. Please make sure your query has only a SELECT statement. Then, try running your query again.',
        ErrorType.INVALID_CVAS_QUERY_ERROR,
      );
    }
    if (!row.allow_dml && kinds.some((k, i) => i !== last && k !== 'select')) throw dmlRefused(kinds.includes('unknown'));
    const table = input.tmpTableName?.trim() || `tmp_${user.id}_table_${Date.now()}`;
    const schema = row.force_ctas_schema || input.tmpSchemaName || input.schema;
    const target = `${schema ? `${db.spec.quoteIdentifier(schema)}.` : ''}${db.spec.quoteIdentifier(table)}`;
    statements[last] = `CREATE ${method} ${target} AS\n${statements[last]}`;
    ctas = { table, schema: schema ?? null, method };
    // show what was created, as the result
    statements.push(`SELECT * FROM ${target}`);
    resultIndex = statements.length - 1;
    kinds.push('select');
  } else if (!row.allow_dml && !readOnly) {
    throw dmlRefused(kinds.includes('unknown'));
  }

  const limit = effectiveLimit(input.queryLimit, sqlMaxRow);
  let sqlLimit: number | null = null;
  if (resultIndex >= 0) {
    sqlLimit = existingLimit(statements[resultIndex], dialect);
    // one row more than shown tells whether more rows were available
    statements[resultIndex] = db.spec.applyLimit(statements[resultIndex], limit + 1);
  }
  return { statements, resultIndex, limit, sqlLimit, readOnly: readOnly && !ctas, ctas };
}
