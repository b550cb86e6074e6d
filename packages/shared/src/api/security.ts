import Type from 'typebox';

/** POST /api/v1/security/login */
export const ApiLogin = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 255 }),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
  provider: Type.Optional(Type.Union([Type.Literal('db')])),
  refresh: Type.Optional(Type.Boolean()),
});
export type ApiLogin = Type.Static<typeof ApiLogin>;

/** POST /login/ (session login used by the web app) */
export const SessionLogin = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 255 }),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
});
export type SessionLogin = Type.Static<typeof SessionLogin>;

export interface RoleRef {
  id: number;
  name: string;
}

/** GET /api/v1/me/ → result */
export interface CurrentUser {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  is_active: boolean;
  /** true for an anonymous visitor served as the Public role (PUBLIC_ROLE_LIKE); id 0 */
  is_anonymous: boolean;
  /** role names → [permission, view] pairs */
  roles: Record<string, [string, string][]>;
  created_on: string;
  last_login: string | null;
}

/** GET /api/v1/me/roles/ → result */
export interface CurrentUserRoles {
  user_id: number;
  username: string;
  roles: Record<string, [string, string][]>;
  /** data-access permissions: database_access, schema_access, datasource_access → list of view names */
  permissions: Record<string, string[]>;
}

/** Users admin API: GET /api/v1/security/users/ rows */
export interface UserListItem {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  active: boolean;
  roles: RoleRef[];
  last_login: string | null;
  login_count: number;
  created_on: string;
  changed_on: string;
}

export const UserCreate = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.@+-]+$' }),
  first_name: Type.String({ minLength: 1, maxLength: 64 }),
  last_name: Type.String({ maxLength: 64 }),
  email: Type.String({ minLength: 3, maxLength: 320, format: 'email' }),
  password: Type.String({ minLength: 8, maxLength: 1024 }),
  active: Type.Optional(Type.Boolean()),
  roles: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1 }),
});
export type UserCreate = Type.Static<typeof UserCreate>;

export const UserUpdate = Type.Partial(UserCreate);
export type UserUpdate = Type.Static<typeof UserUpdate>;

/** Roles admin API: GET /api/v1/security/roles/ rows */
export interface RoleListItem {
  id: number;
  name: string;
  user_count: number;
  permission_count: number;
}

/** GET /api/v1/security/roles/{id}/permissions/ rows */
export interface PermissionItem {
  id: number;
  permission_name: string;
  view_menu_name: string;
}

/** Public bootstrap for the web app: GET /api/v1/common/bootstrap/ (no login needed). */
export interface BootstrapData {
  user: CurrentUser | null;
  conf: {
    SQL_MAX_ROW: number;
    DEFAULT_SQLLAB_LIMIT: number;
    SQLLAB_DEFAULT_DBID: number | null;
    SQLLAB_QUERY_RESULT_TIMEOUT: number;
    RAMA_WEBSERVER_TIMEOUT: number;
    /** the time range a new chart starts with ("No filter", or e.g. "Last week") */
    DEFAULT_TIME_FILTER: string;
    /** the visualization a new chart starts with ("table") */
    DEFAULT_VIZ_TYPE: string;
  };
  feature_flags: Record<string, boolean>;
  version: string;
}

/** Admin is any role named admin, case-insensitive (spec section 6). */
export function isAdminRoleName(name: string): boolean {
  return name.toLowerCase() === 'admin';
}

export function hasPermission(roles: Record<string, [string, string][]>, permission: string, view: string): boolean {
  return Object.entries(roles).some(([name, perms]) => isAdminRoleName(name) || perms.some(([p, v]) => p === permission && v === view));
}
