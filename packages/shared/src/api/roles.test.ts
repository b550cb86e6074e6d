import { describe, expect, it } from 'vitest';
import { datasetIdOfView, isBuiltinRoleName, isDataPermission, parseDatabaseView, roleNameProblem } from './roles.js';

describe('role rules', () => {
  it('checks role names', () => {
    expect(roleNameProblem('Finance')).toBeNull();
    expect(roleNameProblem('   ')).toBe('Enter a role name.');
    expect(roleNameProblem('x'.repeat(64))).toBeNull();
    expect(roleNameProblem('x'.repeat(65))).toMatch(/at most 64/);
    expect(roleNameProblem('a\nb')).toMatch(/control/);
  });

  it('knows the built-in roles regardless of case', () => {
    expect(isBuiltinRoleName('Admin')).toBe(true);
    expect(isBuiltinRoleName(' admin ')).toBe(true);
    expect(isBuiltinRoleName('SQL_LAB')).toBe(true);
    expect(isBuiltinRoleName('Admins')).toBe(false);
  });

  it('reads ids from data permission views', () => {
    expect(parseDatabaseView('[examples].(id:1)')).toEqual({ name: 'examples', id: 1 });
    expect(parseDatabaseView('[a].[b].(id:12)')).toEqual({ name: 'a].[b', id: 12 });
    expect(parseDatabaseView('[examples].[main]')).toBeNull();
    expect(datasetIdOfView('[examples].[flights](id:7)')).toBe(7);
    expect(datasetIdOfView('[examples].(id:7)')).toBeNull();
    expect(isDataPermission('schema_access')).toBe(true);
    expect(isDataPermission('all_query_access')).toBe(true);
    expect(isDataPermission('can_read')).toBe(false);
  });
});
