import { describe, expect, it } from 'vitest';
import { combineRlsClauses, rlsRuleApplies } from './rls.js';

describe('which row level security rules apply', () => {
  it('Regular rules filter the users holding one of their roles', () => {
    expect(rlsRuleApplies('Regular', ['Sales'], ['Gamma', 'Sales'])).toBe(true);
    expect(rlsRuleApplies('Regular', ['Sales'], ['Gamma'])).toBe(false);
    expect(rlsRuleApplies('Regular', [], ['Gamma'])).toBe(false);
  });

  it('Base rules filter everyone except the users holding one of their roles', () => {
    expect(rlsRuleApplies('Base', ['Managers'], ['Gamma'])).toBe(true);
    expect(rlsRuleApplies('Base', ['Managers'], ['Gamma', 'Managers'])).toBe(false);
    expect(rlsRuleApplies('Base', [], [])).toBe(true);
  });
});

describe('combining the clauses of the rules that apply', () => {
  it('ORs rules with the same group key and ANDs groups and ungrouped rules', () => {
    const clauses = combineRlsClauses([
      { clause: "region = 'EU'", group_key: 'region' },
      { clause: 'year > 2000', group_key: null },
      { clause: "region = 'US'", group_key: 'region' },
      { clause: "dept = 'x'", group_key: 'dept' },
      { clause: 'a = 1', group_key: '' },
    ]);
    expect(clauses).toEqual(["(region = 'EU') OR (region = 'US')", 'year > 2000', "dept = 'x'", 'a = 1']);
  });

  it('gives nothing for no rules', () => {
    expect(combineRlsClauses([])).toEqual([]);
  });
});
