/**
 * What the signed-in user may do on a dashboard (spec section 6 "Roles and permissions"; section 3
 * "Dashboard info": the derived flags). The server checks every action again.
 */
import { hasPermission, isAdminRoleName, type CurrentUser, type UserRef } from '@rama/shared';

export interface DashboardPermissions {
  /** edit the layout and properties, publish: can_write on Dashboard plus admin or an owner */
  dash_edit_perm: boolean;
  /** save (a copy): can_write on Dashboard */
  dash_save_perm: boolean;
  /** dashboard permalinks: can_share_dashboard */
  dash_share_perm: boolean;
  /** open a chart in Explore: can_explore */
  rama_can_explore: boolean;
  /** chart links: can_share_chart */
  rama_can_share: boolean;
  /** CSV / Excel downloads: can_csv */
  rama_can_csv: boolean;
}

export const NO_PERMISSIONS: DashboardPermissions = {
  dash_edit_perm: false,
  dash_save_perm: false,
  dash_share_perm: false,
  rama_can_explore: false,
  rama_can_share: false,
  rama_can_csv: false,
};

export function dashboardPermissions(user: Pick<CurrentUser, 'id' | 'roles'>, owners: Pick<UserRef, 'id'>[]): DashboardPermissions {
  const { roles } = user;
  const can = (permission: string, view: string) => hasPermission(roles, permission, view);
  const isAdmin = Object.keys(roles).some(isAdminRoleName);
  const isOwner = owners.some((o) => o.id === user.id);
  const canWrite = can('can_write', 'Dashboard');
  return {
    // "Dashboard edit needs can_write on Dashboard plus being admin or an owner."
    dash_edit_perm: canWrite && (isAdmin || isOwner),
    dash_save_perm: canWrite,
    dash_share_perm: can('can_share_dashboard', 'Rama'),
    rama_can_explore: can('can_explore', 'Rama'),
    rama_can_share: can('can_share_chart', 'Rama'),
    rama_can_csv: can('can_csv', 'Rama'),
  };
}

/** "Edit mode is on only if the user has edit permission and the edit flag is set." */
export function initialEditMode(editParam: boolean, permissions: Pick<DashboardPermissions, 'dash_edit_perm'>): boolean {
  return editParam && permissions.dash_edit_perm;
}
