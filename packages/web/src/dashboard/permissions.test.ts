import { describe, expect, it } from 'vitest';
import { dashboardPermissions, initialEditMode } from './permissions';

const user = (roles: Record<string, [string, string][]>) => ({ id: 2, roles });
const writer = user({
  Alpha: [
    ['can_write', 'Dashboard'],
    ['can_csv', 'Rama'],
    ['can_explore', 'Rama'],
  ],
});

describe('dashboard permissions (spec section 6)', () => {
  it('"Dashboard edit needs can_write on Dashboard plus being admin or an owner"', () => {
    expect(dashboardPermissions(writer, [{ id: 2 }]).dash_edit_perm).toBe(true);
    expect(dashboardPermissions(writer, [{ id: 3 }]).dash_edit_perm).toBe(false);
    expect(dashboardPermissions(user({ Admin: [] }), []).dash_edit_perm).toBe(true);
    expect(dashboardPermissions(user({ Gamma: [['can_read', 'Dashboard']] }), [{ id: 2 }]).dash_edit_perm).toBe(false);
  });

  it('derives save, share, explore and CSV flags from the named permissions', () => {
    expect(dashboardPermissions(writer, [])).toMatchObject({
      dash_save_perm: true,
      dash_share_perm: false,
      rama_can_explore: true,
      rama_can_share: false,
      rama_can_csv: true,
    });
  });

  it('"Edit mode is on only if the user has edit permission and the edit flag is set"', () => {
    expect(initialEditMode(true, { dash_edit_perm: true })).toBe(true);
    expect(initialEditMode(true, { dash_edit_perm: false })).toBe(false);
    expect(initialEditMode(false, { dash_edit_perm: true })).toBe(false);
  });
});
