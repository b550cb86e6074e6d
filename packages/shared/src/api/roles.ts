import Type from 'typebox';

/**
 * Roles and grants (the BI server's FAB security API): create, rename and delete roles, set the
 * (permission, view) pairs a role holds and the users holding it, and list what can be granted.
 */

/** Roles Rama re-creates by name at every start: they cannot be renamed or deleted. */
export const BUILTIN_ROLE_NAMES = ['Admin', 'Alpha', 'Gamma', 'sql_lab', 'Public'] as const;

export const ROLE_NAME_MAX = 64;
/** The most ids one request may set on a role (permissions or users). */
export const MAX_ROLE_PERMISSION_IDS = 10_000;
export const MAX_ROLE_USER_IDS = 10_000;

/** Is this one of the built-in roles (case-insensitive, so `admin` cannot stand beside `Admin`)? */
export function isBuiltinRoleName(name: string): boolean {
  const lower = name.trim().toLowerCase();
  return BUILTIN_ROLE_NAMES.some((n) => n.toLowerCase() === lower);
}

/** Why a role name cannot be used, or null when it can (1–64 characters once trimmed, no control characters). */
export function roleNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return 'Enter a role name.';
  if (trimmed.length > ROLE_NAME_MAX) return `Use at most ${ROLE_NAME_MAX} characters.`;
  if (/[\u0000-\u001f\u007f]/.test(trimmed)) return 'Do not use control characters.';
  return null;
}

/** POST /api/v1/security/roles/ and PUT /api/v1/security/roles/{id} */
export const RoleWrite = Type.Object({ name: Type.String({ minLength: 1, maxLength: ROLE_NAME_MAX }) }, { additionalProperties: false });
export type RoleWrite = Type.Static<typeof RoleWrite>;

/** POST /api/v1/security/roles/{id}/permissions: replaces the role's set */
export const RolePermissionsWrite = Type.Object(
  {
    permission_view_menu_ids: Type.Array(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), { maxItems: MAX_ROLE_PERMISSION_IDS }),
  },
  { additionalProperties: false },
);
export type RolePermissionsWrite = Type.Static<typeof RolePermissionsWrite>;

/** PUT /api/v1/security/roles/{id}/users: replaces the role's users */
export const RoleUsersWrite = Type.Object(
  { user_ids: Type.Array(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), { maxItems: MAX_ROLE_USER_IDS }) },
  { additionalProperties: false },
);
export type RoleUsersWrite = Type.Static<typeof RoleUsersWrite>;

/** GET /api/v1/security/roles/{id} → result */
export interface RoleDetail {
  id: number;
  name: string;
  user_count: number;
  permission_count: number;
}

/** GET /api/v1/security/permissions-resources/ rows (FAB shape) */
export interface PermissionResource {
  id: number;
  permission: { name: string };
  view_menu: { name: string };
}

/** Permissions that grant data rather than actions; the Roles page shows them as a tree. */
export const DATA_PERMISSIONS = ['database_access', 'schema_access', 'datasource_access'] as const;
/** Global data grants: the permission and its view share the name. */
export const GLOBAL_DATA_PERMISSIONS = ['all_database_access', 'all_datasource_access', 'all_query_access'] as const;

export function isDataPermission(permission: string): boolean {
  return (
    (DATA_PERMISSIONS as readonly string[]).includes(permission) || (GLOBAL_DATA_PERMISSIONS as readonly string[]).includes(permission)
  );
}

/** `[examples].(id:1)` → {name: 'examples', id: 1}; null when the view is not a database's. */
export function parseDatabaseView(view: string): { name: string; id: number } | null {
  const m = /^\[(.*)\]\.\(id:(\d{1,10})\)$/s.exec(view);
  return m ? { name: m[1], id: Number(m[2]) } : null;
}

/** `[examples].[flights](id:7)` → 7; null when the view is not a dataset's. */
export function datasetIdOfView(view: string): number | null {
  const m = /^\[.*\]\.\[.*\]\(id:(\d{1,10})\)$/s.exec(view);
  return m ? Number(m[1]) : null;
}
