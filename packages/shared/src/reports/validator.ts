import type { ReportOperator, ReportValidatorConfig, ReportValidatorType } from '../api/report.js';
import { REPORT_RUN_ERRORS } from './messages.js';

/**
 * An alert's condition: its SQL returns at most one row of one value; `not null` fires on a value
 * other than null or 0, `operator` compares the value with the threshold. No row means not
 * triggered. As the BI server's alert validators.
 */
export type AlertOutcome = { triggered: boolean; value: number | null; error: null } | { triggered: false; value: null; error: string };

const COMPARE: Record<ReportOperator, (a: number, b: number) => boolean> = {
  '<': (a, b) => a < b,
  '<=': (a, b) => a <= b,
  '>': (a, b) => a > b,
  '>=': (a, b) => a >= b,
  '==': (a, b) => a === b,
  '!=': (a, b) => a !== b,
};

const fail = (error: string): AlertOutcome => ({ triggered: false, value: null, error });

function numeric(v: unknown): number | null | undefined {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return Number.isNaN(v) ? null : v;
  if (typeof v === 'bigint') return Number(v);
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return undefined;
}

/** Evaluate an alert from its query's rows (arrays of cells) and column count. */
export function evaluateAlert(
  rows: readonly (readonly unknown[])[],
  columnCount: number,
  validatorType: ReportValidatorType,
  config: ReportValidatorConfig | null,
): AlertOutcome {
  if (rows.length > 1) return fail(REPORT_RUN_ERRORS.alertMultipleRows.replace('%s', String(rows.length)));
  // one value: a second column would leave it unclear which one the condition reads
  if (columnCount > 1) return fail(REPORT_RUN_ERRORS.alertMultipleColumns.replace('%s', String(columnCount)));
  if (rows.length === 0) return { triggered: false, value: null, error: null };
  const value = numeric(rows[0][0]);
  if (value === undefined) return fail(REPORT_RUN_ERRORS.alertNotNumeric);
  if (validatorType === 'not null') return { triggered: value !== null && value !== 0, value, error: null };
  if (value === null) return { triggered: false, value: null, error: null };
  const op = config?.op;
  const threshold = config?.threshold;
  if (!op || typeof threshold !== 'number') return fail('The alert condition needs an operator and a threshold.');
  return { triggered: COMPARE[op](value, threshold), value, error: null };
}
