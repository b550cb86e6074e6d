/**
 * Conditional formatting rules of the table and pivot table (the BI server's
 * `conditional_formatting` shape): a column, a comparison and a colour.
 */
import { t } from '../../i18n';

export const CF_OPERATORS = ['None', '>', '<', '≥', '≤', '=', '≠', '< x <', '≤ x ≤', '≤ x <', '< x ≤'] as const;
export type CfOperator = (typeof CF_OPERATORS)[number];

export interface ConditionalFormattingRule {
  column?: string;
  operator?: CfOperator;
  targetValue?: number;
  targetValueLeft?: number;
  targetValueRight?: number;
  colorScheme?: string;
}

/** The rule colours and their names (names read when shown: `cfColorName`). */
export const CF_COLORS: [string, 'green' | 'yellow' | 'red' | 'blue'][] = [
  ['#ACE1C4', 'green'],
  ['#FDE380', 'yellow'],
  ['#EFA1AA', 'red'],
  ['#A1A6BD', 'blue'],
];

export function cfColorName(name: (typeof CF_COLORS)[number][1]): string {
  switch (name) {
    case 'green':
      return t('explorecontrols:colorGreen');
    case 'yellow':
      return t('explorecontrols:colorYellow');
    case 'red':
      return t('explorecontrols:colorRed');
    case 'blue':
      return t('explorecontrols:colorBlue');
  }
}

export function isBetweenOperator(op: CfOperator | undefined): boolean {
  return op !== undefined && op.includes('x');
}

/** A rule is applied only when it names a column, an operator and the values that operator needs. */
export function ruleError(rule: ConditionalFormattingRule): string | null {
  if (!rule.column) return t('explorecontrols:ruleColumnMissing');
  if (!rule.operator) return t('explorecontrols:ruleOperatorMissing');
  if (rule.operator === 'None') return null;
  if (isBetweenOperator(rule.operator)) {
    if (!Number.isFinite(rule.targetValueLeft) || !Number.isFinite(rule.targetValueRight)) return t('explorecontrols:ruleBoundsMissing');
    if ((rule.targetValueLeft as number) >= (rule.targetValueRight as number)) return t('explorecontrols:ruleBoundsOrder');
    return null;
  }
  return Number.isFinite(rule.targetValue) ? null : t('explorecontrols:ruleTargetMissing');
}

/**
 * What the picker shows for a result column: the label a person gave it (a saved metric's or a
 * column's verbose name; an adhoc metric's result column is already its label), while the rule
 * stores the result column's name, as the peer does. A percentage metric (`%name`) keeps its `%`.
 */
export function resultColumnLabel(name: string, verboseMap: Readonly<Record<string, string>> | undefined): string {
  const own = verboseMap?.[name];
  if (own) return own;
  if (name.startsWith('%')) {
    const base = verboseMap?.[name.slice(1)];
    if (base) return `%${base}`;
  }
  return name;
}

/** The column picker's options: the stored value is the result column's name, the label is readable. */
export function columnOptions(
  names: readonly string[],
  verboseMap: Readonly<Record<string, string>> | undefined,
): { value: string; label: string }[] {
  return names.map((name) => ({ value: name, label: resultColumnLabel(name, verboseMap) }));
}

/** What a rule's line in the list says: `Average delay > 10`, `10 < count < 20` (column labels as the picker shows them). */
export function ruleLabel(rule: ConditionalFormattingRule, verboseMap?: Readonly<Record<string, string>>): string {
  const column = rule.column ? resultColumnLabel(rule.column, verboseMap) : '?';
  if (!rule.operator || rule.operator === 'None') return column;
  if (isBetweenOperator(rule.operator)) {
    const [left, right] = rule.operator.split(' x ');
    return `${rule.targetValueLeft ?? '?'} ${left} ${column} ${right} ${rule.targetValueRight ?? '?'}`;
  }
  return `${column} ${rule.operator} ${rule.targetValue ?? '?'}`;
}

export function ruleList(value: unknown): ConditionalFormattingRule[] {
  return Array.isArray(value) ? value.filter((r): r is ConditionalFormattingRule => typeof r === 'object' && r !== null) : [];
}
