import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { anonymousMayHold } from './public.js';

const home = () => mkdtempSync(join(tmpdir(), 'rama-public-'));

describe('public dashboards: what an anonymous visitor may hold', () => {
  it('keeps reading charts and dashboards, CSV and every data access grant', () => {
    expect(anonymousMayHold('can_read', 'Dashboard')).toBe(true);
    expect(anonymousMayHold('can_read', 'Chart')).toBe(true);
    expect(anonymousMayHold('can_csv', 'Rama')).toBe(true);
    expect(anonymousMayHold('datasource_access', '[examples].[flights](id:3)')).toBe(true);
    expect(anonymousMayHold('schema_access', '[examples].[main]')).toBe(true);
    expect(anonymousMayHold('all_datasource_access', 'all_datasource_access')).toBe(true);
  });

  it('drops writes, sharing, Explore, SQL Lab, reports, logs, menus and admin pairs', () => {
    for (const [p, v] of [
      ['can_write', 'Dashboard'],
      ['can_write', 'Chart'],
      ['can_write', 'DashboardPermalink'],
      ['can_share_dashboard', 'Rama'],
      ['can_explore', 'Rama'],
      ['can_sqllab', 'Rama'],
      ['can_read', 'Dataset'],
      ['can_read', 'ReportSchedule'],
      ['can_log', 'Rama'],
      ['menu_access', 'Dashboards'],
      ['can_read', 'User'],
      ['all_query_access', 'all_query_access'],
    ]) {
      expect(anonymousMayHold(p, v), `${p} ${v}`).toBe(false);
    }
  });
});

describe('PUBLIC_ROLE_LIKE', () => {
  it('is off by default', () => {
    expect(loadConfig({ RAMA_HOME: home() }).sharing.publicRoleLike).toBeNull();
  });

  it('names a role', () => {
    expect(loadConfig({ RAMA_HOME: home(), PUBLIC_ROLE_LIKE: ' Gamma ' }).sharing.publicRoleLike).toBe('Gamma');
  });

  it('refuses an admin role (any case): anonymous visitors are never admins', () => {
    for (const name of ['Admin', 'admin', 'ADMIN']) {
      expect(() => loadConfig({ RAMA_HOME: home(), PUBLIC_ROLE_LIKE: name })).toThrow(ConfigError);
    }
    expect(() => loadConfig({ RAMA_HOME: home(), PUBLIC_ROLE_LIKE: 'Admin' })).toThrow(/PUBLIC_ROLE_LIKE cannot be an admin role/);
  });
});
