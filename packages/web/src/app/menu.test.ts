import { describe, expect, it } from 'vitest';
import { MENU, activeEntryKey, visibleMenu } from './menu';
import type { CurrentUser } from '@rama/shared';
import { getAccess, type Access } from '../core/session';

const NOBODY: Access = {
  isAdmin: false,
  canWriteDatabase: false,
  canSqlLab: false,
  canReadSavedQuery: false,
  canWriteSavedQuery: false,
  canReadQuery: false,
  canSeeAllQueries: false,
  canReadDataset: false,
  canWriteDataset: false,
  canReadChart: false,
  canWriteChart: false,
  canExplore: false,
  canCsv: false,
  canShareChart: false,
  canReadDashboard: false,
  canWriteDashboard: false,
  canReadReports: false,
  canWriteReports: false,
};

function userWithRoles(roles: CurrentUser['roles']): CurrentUser {
  return {
    id: 1,
    username: 'u',
    first_name: '',
    last_name: '',
    email: '',
    is_active: true,
    is_anonymous: false,
    roles,
    created_on: '2026-01-01T00:00:00Z',
    last_login: null,
  };
}

function labelsOf(access: Access, group: string): string[] {
  return (
    visibleMenu(MENU, access)
      .find((g) => g.key === group)
      ?.entries.map((e) => e.label) ?? []
  );
}

describe('top navigation', () => {
  it('hides empty groups and admin-only entries from other users', () => {
    const groups = visibleMenu(MENU, NOBODY);
    expect(groups.map((g) => g.key)).toEqual(['data']);
    expect(groups[0].entries.map((e) => e.label)).toEqual(['Databases']);
  });

  it('shows Dashboards, Charts, SQL, Data and Settings to admins', () => {
    const admin = getAccess(userWithRoles({ Admin: [] }));
    const groups = visibleMenu(MENU, admin);
    expect(groups.map((g) => g.key)).toEqual(['dashboards', 'charts', 'sql', 'data', 'settings']);
    expect(labelsOf(admin, 'dashboards')).toEqual(['Dashboards']);
    expect(labelsOf(admin, 'charts')).toEqual(['Charts']);
    expect(labelsOf(admin, 'sql')).toEqual(['SQL Lab', 'Saved queries', 'Query history']);
    expect(labelsOf(admin, 'data')).toEqual(['Databases', 'Datasets', 'Upload file to database']);
    expect(labelsOf(admin, 'settings')).toEqual([
      'Alerts & reports',
      'Users',
      'Roles',
      'Row level security',
      'Annotation layers',
      'Action log',
      'Recently deleted',
      'Tags',
    ]);
  });

  it('lists each SQL and Data entry only with its permission', () => {
    expect(labelsOf({ ...NOBODY, canSqlLab: true }, 'sql')).toEqual(['SQL Lab']);
    expect(labelsOf({ ...NOBODY, canReadSavedQuery: true }, 'sql')).toEqual(['Saved queries']);
    expect(labelsOf({ ...NOBODY, canReadQuery: true }, 'sql')).toEqual(['Query history']);
    expect(labelsOf({ ...NOBODY, canReadDataset: true }, 'data')).toEqual(['Databases', 'Datasets']);
  });

  it('shows Dashboards, a top entry for the dashboard list, only with can_read on Dashboard', () => {
    expect(labelsOf({ ...NOBODY, canReadDashboard: true }, 'dashboards')).toEqual(['Dashboards']);
    expect(labelsOf({ ...NOBODY, canReadChart: true }, 'dashboards')).toEqual([]);
    const entry = MENU.find((g) => g.key === 'dashboards')?.entries[0];
    expect(entry?.path).toBe('/dashboard/list/');
    const reader = getAccess(userWithRoles({ Gamma: [['can_read', 'Dashboard']] }));
    expect(visibleMenu(MENU, reader).map((g) => g.key)).toEqual(['dashboards', 'data']);
  });

  it('reads the permissions from the roles (sql_lab role: SQL entries, no datasets)', () => {
    const sqlLab = getAccess(
      userWithRoles({
        sql_lab: [
          ['can_sqllab', 'Rama'],
          ['can_read', 'SavedQuery'],
          ['can_read', 'Query'],
        ],
      }),
    );
    expect(labelsOf(sqlLab, 'sql')).toEqual(['SQL Lab', 'Saved queries', 'Query history']);
    expect(labelsOf(sqlLab, 'data')).toEqual(['Databases']);
  });

  it('lists "Alerts & reports" under Settings with can_read on ReportSchedule', () => {
    expect(labelsOf({ ...NOBODY, canReadReports: true }, 'settings')).toEqual(['Alerts & reports']);
    expect(labelsOf({ ...NOBODY, canWriteReports: true }, 'settings')).toEqual([]);
    const gamma = getAccess(userWithRoles({ Gamma: [['can_read', 'ReportSchedule']] }));
    expect(gamma.canReadReports).toBe(true);
    expect(gamma.canWriteReports).toBe(false);
  });

  it('finds the entry of the open page', () => {
    expect(activeEntryKey(MENU, '/alert/list/')).toBe('alertsreports');
    expect(activeEntryKey(MENU, '/report/list/')).toBe('alertsreports');
    expect(activeEntryKey(MENU, '/report/4/log/')).toBe('alertsreports');
    expect(activeEntryKey(MENU, '/users/list/')).toBe('users');
    expect(activeEntryKey(MENU, '/database/3/')).toBe('databases');
    expect(activeEntryKey(MENU, '/sqllab/')).toBe('sqllab');
    expect(activeEntryKey(MENU, '/sqllab/history/')).toBe('queryhistory');
    expect(activeEntryKey(MENU, '/tablemodelview/list/')).toBe('datasets');
    expect(activeEntryKey(MENU, '/dashboard/list/')).toBe('dashboardlist');
    expect(activeEntryKey(MENU, '/rama/dashboard/flights/')).toBe('dashboardlist');
    expect(activeEntryKey(MENU, '/rama/welcome/')).toBeNull();
  });
});
