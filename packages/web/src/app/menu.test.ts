import { describe, expect, it } from 'vitest';
import { MENU, activeEntryKey, visibleMenu } from './menu';

describe('top navigation', () => {
  it('hides empty groups and admin-only entries from other users', () => {
    const groups = visibleMenu(MENU, { isAdmin: false, canWriteDatabase: false });
    expect(groups.map((g) => g.key)).toEqual(['data']);
  });

  it('shows Settings with Users and Roles to admins', () => {
    const groups = visibleMenu(MENU, { isAdmin: true, canWriteDatabase: true });
    expect(groups.map((g) => g.key)).toEqual(['data', 'settings']);
    expect(groups[1].entries.map((e) => e.label)).toEqual(['Users', 'Roles']);
  });

  it('finds the entry of the open page', () => {
    expect(activeEntryKey(MENU, '/users/list/')).toBe('users');
    expect(activeEntryKey(MENU, '/database/3/')).toBe('databases');
    expect(activeEntryKey(MENU, '/rama/welcome/')).toBeNull();
  });
});
