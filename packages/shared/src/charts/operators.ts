/**
 * Filter operators: both spellings the clients send (the query object's symbols and the adhoc
 * filter's operator names) read as one canonical symbol. Shared by the chart data compiler and the
 * form-data reader.
 */

/** Filter operators in their canonical spelling (as sent in query objects). */
export type CanonicalOp =
  | '=='
  | '!='
  | '>'
  | '<'
  | '>='
  | '<='
  | 'LIKE'
  | 'NOT LIKE'
  | 'ILIKE'
  | 'NOT ILIKE'
  | 'IN'
  | 'NOT IN'
  | 'IS NULL'
  | 'IS NOT NULL'
  | 'IS TRUE'
  | 'IS FALSE'
  | 'TEMPORAL_RANGE';

/** Both spellings the clients use: the symbols of query objects and the adhoc filter operator names. */
const OPERATOR_ALIASES: Record<string, CanonicalOp> = {
  '==': '==',
  '=': '==',
  EQUALS: '==',
  '!=': '!=',
  '<>': '!=',
  NOT_EQUALS: '!=',
  '>': '>',
  GREATER_THAN: '>',
  '<': '<',
  LESS_THAN: '<',
  '>=': '>=',
  GREATER_THAN_OR_EQUAL: '>=',
  '<=': '<=',
  LESS_THAN_OR_EQUAL: '<=',
  LIKE: 'LIKE',
  'NOT LIKE': 'NOT LIKE',
  NOT_LIKE: 'NOT LIKE',
  ILIKE: 'ILIKE',
  'NOT ILIKE': 'NOT ILIKE',
  NOT_ILIKE: 'NOT ILIKE',
  IN: 'IN',
  'NOT IN': 'NOT IN',
  NOT_IN: 'NOT IN',
  'IS NULL': 'IS NULL',
  IS_NULL: 'IS NULL',
  'IS NOT NULL': 'IS NOT NULL',
  IS_NOT_NULL: 'IS NOT NULL',
  'IS TRUE': 'IS TRUE',
  IS_TRUE: 'IS TRUE',
  'IS FALSE': 'IS FALSE',
  IS_FALSE: 'IS FALSE',
  TEMPORAL_RANGE: 'TEMPORAL_RANGE',
};

/** The canonical symbol of an operator in either spelling (case and spacing ignored), or null. */
export function filterOperatorSymbol(op: unknown): CanonicalOp | null {
  const key = typeof op === 'string' ? op.trim().toUpperCase().replace(/\s+/g, ' ') : '';
  return OPERATOR_ALIASES[key] ?? null;
}
