/**
 * The value shapes of the table's (and pivot table's) formatting controls, as the BI server's
 * form data stores them, so that its exported charts keep their column settings and colour rules.
 */

/** `column_config[columnLabel]`: per-column display settings. */
export interface TableColumnConfig {
  d3NumberFormat?: string;
  d3SmallNumberFormat?: string;
  d3TimeFormat?: string;
  alignPositiveNegative?: boolean;
  colorPositiveNegative?: boolean;
  showCellBars?: boolean;
  columnWidth?: number;
  horizontalAlign?: 'left' | 'right' | 'center';
  truncateLongCells?: boolean;
  currencyFormat?: { symbol: string; symbolPosition: 'prefix' | 'suffix' };
}

/** Conditional formatting operators, spelled as the BI server stores them. */
export const CONDITIONAL_OPERATORS = {
  NONE: 'None',
  GREATER_THAN: '>',
  LESS_THAN: '<',
  GREATER_OR_EQUAL: '≥',
  LESS_OR_EQUAL: '≤',
  EQUAL: '=',
  NOT_EQUAL: '≠',
  BETWEEN: '< x <',
  BETWEEN_OR_EQUAL: '≤ x ≤',
  BETWEEN_OR_LEFT_EQUAL: '≤ x <',
  BETWEEN_OR_RIGHT_EQUAL: '< x ≤',
} as const;
export type ConditionalOperator = (typeof CONDITIONAL_OPERATORS)[keyof typeof CONDITIONAL_OPERATORS];

/** `[operator, label]` pairs, in the order the rule editor lists them. */
export const CONDITIONAL_OPERATOR_CHOICES: [ConditionalOperator, string][] = [
  ['None', 'None'],
  ['>', '>'],
  ['<', '<'],
  ['≥', '≥'],
  ['≤', '≤'],
  ['=', '='],
  ['≠', '≠'],
  ['< x <', '< x <'],
  ['≤ x ≤', '≤ x ≤'],
  ['≤ x <', '≤ x <'],
  ['< x ≤', '< x ≤'],
];

/** Operators comparing against two bounds (targetValueLeft, targetValueRight). */
export const BETWEEN_OPERATORS: readonly ConditionalOperator[] = ['< x <', '≤ x ≤', '≤ x <', '< x ≤'];

/** One entry of `conditional_formatting`: cells of `column` meeting the condition get `colorScheme`. */
export interface ConditionalFormattingRule {
  column?: string;
  operator?: ConditionalOperator;
  targetValue?: number;
  targetValueLeft?: number;
  targetValueRight?: number;
  /** a colour name or hex code */
  colorScheme?: string;
}

/** A rule is complete when its column, operator and the values that operator needs are set. */
export function isCompleteRule(rule: ConditionalFormattingRule): boolean {
  if (!rule.column || !rule.operator || !rule.colorScheme) return false;
  if (rule.operator === 'None') return true;
  if (BETWEEN_OPERATORS.includes(rule.operator)) return Number.isFinite(rule.targetValueLeft) && Number.isFinite(rule.targetValueRight);
  return Number.isFinite(rule.targetValue);
}
