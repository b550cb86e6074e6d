import { describe, expect, it } from 'vitest';
import { columnOptions, resultColumnLabel, ruleLabel } from './conditionalFormatting';

const VERBOSE = { avg_dep_delay: 'Average departure delay', origin: 'Origin airport', __timestamp: 'Time' };

describe('conditional formatting column labels', () => {
  it("shows a saved metric's verbose name but stores its metric name", () => {
    expect(columnOptions(['avg_dep_delay'], VERBOSE)).toEqual([{ value: 'avg_dep_delay', label: 'Average departure delay' }]);
  });
  it("shows an adhoc metric's result column, which is its label, as it is", () => {
    expect(columnOptions(['AVG(dep_delay)', 'My delay'], VERBOSE)).toEqual([
      { value: 'AVG(dep_delay)', label: 'AVG(dep_delay)' },
      { value: 'My delay', label: 'My delay' },
    ]);
  });
  it('keeps the % of a percentage metric in front of its verbose name', () => {
    expect(resultColumnLabel('%avg_dep_delay', VERBOSE)).toBe('%Average departure delay');
    expect(resultColumnLabel('%SUM(x)', VERBOSE)).toBe('%SUM(x)');
  });
  it('falls back to the name without a verbose map', () => {
    expect(resultColumnLabel('avg_dep_delay', undefined)).toBe('avg_dep_delay');
  });
  it("names the rule's column by its label in the rule list", () => {
    expect(ruleLabel({ column: 'avg_dep_delay', operator: '>', targetValue: 10 }, VERBOSE)).toBe('Average departure delay > 10');
    expect(ruleLabel({ column: 'avg_dep_delay', operator: '< x <', targetValueLeft: 1, targetValueRight: 5 }, VERBOSE)).toBe(
      '1 < Average departure delay < 5',
    );
    expect(ruleLabel({ column: 'avg_dep_delay', operator: '>', targetValue: 10 })).toBe('avg_dep_delay > 10');
  });
});
