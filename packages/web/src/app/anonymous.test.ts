import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '@rama/shared';
import { anonymousMayOpen } from './RequireAuth';
import { getAccess, isAnonymousUser } from '../core/session';

const visitor = (pairs: [string, string][]): CurrentUser => ({
  id: 0,
  username: 'anonymous',
  first_name: '',
  last_name: '',
  email: '',
  is_active: false,
  is_anonymous: true,
  roles: { Public: pairs },
  created_on: '',
  last_login: null,
});

describe('an anonymous visitor (public dashboards)', () => {
  it('opens dashboards and their permalinks only', () => {
    expect(anonymousMayOpen('/rama/dashboard/flights/')).toBe(true);
    expect(anonymousMayOpen('/rama/dashboard/12/')).toBe(true);
    expect(anonymousMayOpen('/rama/dashboard/p/abc123/')).toBe(true);
    for (const path of [
      '/rama/welcome/',
      '/dashboard/list/',
      '/chart/list/',
      '/sqllab/',
      '/explore/',
      '/users/list/',
      '/rama/dashboard/1/x/',
    ]) {
      expect(anonymousMayOpen(path), path).toBe(false);
    }
  });

  it('may read dashboards and charts and download CSV, and nothing more, whatever the role grants', () => {
    const access = getAccess(
      visitor([
        ['can_read', 'Dashboard'],
        ['can_read', 'Chart'],
        ['can_csv', 'Rama'],
        ['can_write', 'Dashboard'],
        ['can_write', 'ReportSchedule'],
        ['can_sqllab', 'Rama'],
        ['can_explore', 'Rama'],
      ]),
    );
    expect(access).toMatchObject({ isAdmin: false, canReadDashboard: true, canReadChart: true, canCsv: true });
    expect(access).toMatchObject({ canWriteDashboard: false, canWriteReports: false, canSqlLab: false, canExplore: false });
  });

  it('is never an admin, and a signed-in user is not anonymous', () => {
    const admin = { ...visitor([]), roles: { Admin: [] } };
    expect(getAccess(admin).isAdmin).toBe(false);
    expect(getAccess(admin).canSqlLab).toBe(false);
    expect(isAnonymousUser({ ...admin, is_anonymous: false })).toBe(false);
    expect(getAccess({ ...admin, is_anonymous: false }).isAdmin).toBe(true);
  });
});
