/**
 * From the text a user wrote to the statements an engine runs: template rendering (sandboxed, on a
 * budget), statement split and the read-only check where data changes are not allowed (fail
 * closed: text the parser cannot read is refused, and the message says where it stopped).
 * Parsing runs off the main thread for large texts. Everything here refuses with a 400.
 */
import { ErrorType } from '@rama/shared';
import type { RamaConfig } from '../config.js';
import type { EngineSpec } from '../engines/types.js';
import { typedError } from '../http/errors.js';
import type { Principal } from '../security/principal.js';
import { checkScriptAsync } from '../sql/offload.js';
import { unparseableMessage, type StatementKind } from '../sql/statements.js';
import { MissingTemplateParamsError, parseTemplateParams, renderSqlTemplate, TemplateError } from '../sql/template.js';
import type { Executor, NamespaceSpec } from './executor.js';

/** ENABLE_TEMPLATE_PROCESSING: on unless switched off. */
export const templatesEnabled = (config: RamaConfig): boolean => config.featureFlags.ENABLE_TEMPLATE_PROCESSING !== false;

export const DML_REFUSED_MESSAGE = 'Only SELECT statements are allowed against this database.';

export interface TemplateInput {
  /** the editor's or dataset's template parameters (JSON text or object) */
  templateParams: string | Record<string, unknown> | null;
  user: Principal;
  urlParams: Record<string, string>;
  /** filters applied to the query (charts); [] in SQL Lab */
  filters?: Array<{ col: string; op: string; val: unknown }>;
  /** chart queries: the time range's bounds as `from_dttm` / `to_dttm` */
  timeBounds?: { since: Date | null; until: Date | null };
  /** ENABLE_TEMPLATE_PROCESSING */
  enabled: boolean;
}

const sqlDateTime = (d: Date | null): string | null => (d ? d.toISOString().slice(0, 19).replace('T', ' ') : null);

/** The BI server's issue attached to a missing template parameter. */
export const ISSUE_1006 = { code: 1006, message: 'Issue 1006 - One or more parameters specified in the query are missing.' };

/**
 * Render the SQL's template; 400 INVALID_TEMPLATE_PARAMS_ERROR with the template's message, or
 * MISSING_TEMPLATE_PARAMS_ERROR naming the parameters the template uses without a value.
 */
export async function renderSql(spec: EngineSpec, sql: string, t: TemplateInput): Promise<string> {
  let params: Record<string, unknown> = {};
  try {
    params = typeof t.templateParams === 'string' || t.templateParams === null ? parseTemplateParams(t.templateParams) : t.templateParams;
    return await renderSqlTemplate(
      sql,
      {
        params,
        username: t.user.username,
        userId: t.user.id,
        email: t.user.email,
        urlParams: t.urlParams,
        filters: t.filters ?? [],
        escaping: spec.backslashEscapes ? 'backslash' : 'standard',
        fromDttm: sqlDateTime(t.timeBounds?.since ?? null),
        toDttm: sqlDateTime(t.timeBounds?.until ?? null),
      },
      { enabled: t.enabled },
    );
  } catch (e) {
    if (e instanceof MissingTemplateParamsError) {
      throw typedError(400, e.message, ErrorType.MISSING_TEMPLATE_PARAMS_ERROR, {
        undefined_parameters: e.undefinedParameters,
        template_parameters: params,
        issue_codes: [ISSUE_1006],
      });
    }
    if (e instanceof TemplateError) throw typedError(400, e.message, ErrorType.INVALID_TEMPLATE_PARAMS_ERROR);
    throw e;
  }
}

export interface CheckedStatements {
  statements: string[];
  kinds: StatementKind[];
  /** every statement only reads */
  readOnly: boolean;
}

/**
 * Split and classify; where `allowDml` is false, refuse anything not confirmed to only read:
 * INVALID_SQL_ERROR (with line, column and an excerpt) when the text cannot be parsed,
 * DML_NOT_ALLOWED_ERROR when a statement is recognised as changing data.
 */
export async function checkStatements(
  executor: Executor,
  spec: EngineSpec,
  ns: NamespaceSpec,
  sql: string,
  allowDml: boolean,
): Promise<CheckedStatements> {
  let check;
  try {
    check = await checkScriptAsync(sql, spec.syntax);
  } catch (e) {
    throw typedError(400, e instanceof Error ? e.message : 'The SQL could not be analysed.', ErrorType.INVALID_SQL_ERROR);
  }
  if (!check.statements.length) throw typedError(400, 'The query is empty: there is no statement to run.', ErrorType.INVALID_SQL_ERROR);
  const kinds = [...check.kinds];
  const confirm = spec.confirmsReadOnly;
  if (confirm && kinds.includes('unknown')) {
    // the engine's own parser, used only to allow (DuckDB syntax node-sql-parser does not read)
    await executor.withConnection(ns, async (conn) => {
      for (let i = 0; i < kinds.length; i++) if (kinds[i] === 'unknown' && (await confirm(conn, check.statements[i]))) kinds[i] = 'select';
    });
  }
  if (!allowDml) refuseUnlessReadOnly(kinds, check.errors);
  return { statements: check.statements, kinds, readOnly: kinds.every((k) => k === 'select') };
}

/** The refusal for the first statement that is not confirmed read-only, if any. */
export function refuseUnlessReadOnly(kinds: StatementKind[], errors: ReadonlyArray<Parameters<typeof unparseableMessage>[0] | null>): void {
  if (kinds.includes('mutating')) throw typedError(400, DML_REFUSED_MESSAGE, ErrorType.DML_NOT_ALLOWED_ERROR);
  const i = kinds.indexOf('unknown');
  if (i >= 0) throw typedError(400, unparseableMessage(errors[i] ?? null), ErrorType.INVALID_SQL_ERROR);
}
