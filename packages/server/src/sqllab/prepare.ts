/**
 * Turning the editor's SQL into what runs: template rendering, statement split, the read-only
 * check where data changes are not allowed (fail closed), CTAS/CVAS, and the row limit.
 * Everything here can refuse with a 400 before a query record exists.
 */
import { effectiveLimit, ErrorType } from '@rama/shared';
import { allowedSchemas } from '../access/databases.js';
import type { OpenDatabase } from '../execution/connections.js';
import type { DatabaseTable, Row } from '../metadata/schema.js';
import { existingLimit } from '../engines/limit.js';
import { createAsStatement } from '../engines/sql-text.js';
import { typedError } from '../http/errors.js';
import type { Principal } from '../security/principal.js';
import type { Executor } from '../execution/executor.js';
import { checkStatements, DML_REFUSED_MESSAGE, renderSql } from '../execution/prepare.js';
import { applySqlLabRls } from '../rls/sqllab.js';

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
  catalog: string | null;
  /** ENABLE_TEMPLATE_PROCESSING */
  templatesEnabled: boolean;
}

const dmlRefused = () => typedError(400, DML_REFUSED_MESSAGE, ErrorType.DML_NOT_ALLOWED_ERROR);

export async function prepareRun(
  executor: Executor,
  db: OpenDatabase,
  row: Row<DatabaseTable>,
  user: Principal,
  input: PrepareInput,
  sqlMaxRow: number,
  timeoutMs: number,
): Promise<PreparedRun> {
  const rendered = await renderSql(db.spec, input.sql, {
    templateParams: input.templateParams,
    user,
    urlParams: input.urlParams,
    enabled: input.templatesEnabled,
  });
  const syntax = db.spec.syntax;
  // CTAS checks its statements itself below: everything but the last must only read
  const allowDml = Boolean(row.allow_dml) || input.selectAsCta;
  const check = await checkStatements(
    executor,
    db.spec,
    { databaseId: db.id, catalog: input.catalog, schema: input.schema, timeoutMs },
    rendered,
    allowDml,
  );
  const kinds = [...check.kinds];
  const readOnly = check.readOnly;
  // RLS_IN_SQLLAB: tables with row level security rules for the user read through their clauses
  const statements = await applySqlLabRls(executor, db, user, [...check.statements]);
  let resultIndex = kinds.lastIndexOf('select');
  let ctas: PreparedRun['ctas'] = null;

  if (input.selectAsCta) {
    const method = input.ctasMethod;
    if (method === 'TABLE' && !row.allow_ctas)
      throw typedError(400, 'This database does not allow CREATE TABLE AS (CTAS).', ErrorType.INVALID_CTAS_QUERY_ERROR);
    if (method === 'VIEW' && !row.allow_cvas)
      throw typedError(400, 'This database does not allow CREATE VIEW AS (CVAS).', ErrorType.INVALID_CVAS_QUERY_ERROR);
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
    if (!row.allow_dml && kinds.some((k, i) => i !== last && k !== 'select')) throw dmlRefused();
    const table = input.tmpTableName?.trim() || `tmp_${user.id}_table_${Date.now()}`;
    const schema = row.force_ctas_schema || input.tmpSchemaName || input.schema;
    // the target schema must be one the user may use in this database (schema_access grants)
    if (schema && allowedSchemas(user, row, [schema]).length === 0)
      throw typedError(
        400,
        `You are not allowed to create a ${method === 'VIEW' ? 'view' : 'table'} in schema "${schema}" of this database.`,
        method === 'VIEW' ? ErrorType.INVALID_CVAS_QUERY_ERROR : ErrorType.INVALID_CTAS_QUERY_ERROR,
      );
    const target = `${schema ? `${db.spec.quoteIdentifier(schema)}.` : ''}${db.spec.quoteIdentifier(table)}`;
    statements[last] = createAsStatement(db.spec, method, target, statements[last]);
    ctas = { table, schema: schema ?? null, method };
    // show what was created, as the result
    statements.push(`SELECT * FROM ${target}`);
    resultIndex = statements.length - 1;
    kinds.push('select');
  }

  const limit = effectiveLimit(input.queryLimit, sqlMaxRow);
  let sqlLimit: number | null = null;
  if (resultIndex >= 0) {
    sqlLimit = existingLimit(statements[resultIndex], syntax);
    // one row more than shown tells whether more rows were available
    statements[resultIndex] = db.spec.applyLimit(statements[resultIndex], limit + 1);
  }
  return { statements, resultIndex, limit, sqlLimit, readOnly: readOnly && !ctas, ctas };
}
