import type { Kysely } from 'kysely';
import { isAdminRoleName } from '@rama/shared';
import type { MetadataSchema } from '../metadata/schema.js';
import { userById } from '../metadata/repos/users.js';
import { userRolePermissions } from '../metadata/repos/roles.js';

/** The logged-in user as every authorization decision sees it. */
export interface Principal {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  active: boolean;
  created_on: string;
  last_login: string | null;
  isAdmin: boolean;
  /** `ab_user.token_version`: a bearer token must carry this version to stand for the user */
  tokenVersion: number;
  /** role name → [permission, view] pairs */
  roles: Record<string, [string, string][]>;
  can(permission: string, view: string): boolean;
  /** views for which the user holds `permission` (e.g. database_access) */
  viewsWith(permission: string): string[];
  /**
   * Who stands behind the request when it is not a logged-in user: `guest` (an embedded
   * dashboard's guest token, see access/guest.ts) or `anonymous` (the Public role, see
   * http/public.ts). Absent for users. Such principals have no `ab_user` row: `id` is 0 and
   * may never match an owner.
   */
  kind?: 'guest' | 'anonymous';
  /** what a guest token grants (kind `guest` only) */
  guest?: GuestGrant;
}

/** The resources and row level security clauses a guest token carries, resolved at request time. */
export interface GuestGrant {
  /** stable id of the token's subject (hash of username + token issue), for binding async jobs and cache entries */
  subject: string;
  /** embedded dashboard uuids the token names */
  embeddedUuids: string[];
  /** the dashboards behind them (only those whose embedding still exists) */
  dashboardIds: number[];
  /** the token's RLS clauses: dataset null = every dataset */
  rls: { clause: string; dataset: number | null }[];
}

export async function loadPrincipal(db: Kysely<MetadataSchema>, userId: number): Promise<Principal | null> {
  const user = await userById(db, userId);
  if (!user || !user.active) return null;
  const rows = await userRolePermissions(db, userId);
  const roles: Record<string, [string, string][]> = {};
  const perms = new Set<string>();
  for (const r of rows) {
    roles[r.role] ??= [];
    if (r.permission && r.view) {
      roles[r.role].push([r.permission, r.view]);
      perms.add(`${r.permission}\u0000${r.view}`);
    }
  }
  const isAdmin = Object.keys(roles).some(isAdminRoleName);
  return {
    id: user.id,
    username: user.username,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    active: Boolean(user.active),
    created_on: user.created_on,
    last_login: user.last_login,
    isAdmin,
    tokenVersion: Number(user.token_version),
    roles,
    can: (permission, view) => isAdmin || perms.has(`${permission}\u0000${view}`),
    viewsWith: (permission) => [...perms].filter((k) => k.startsWith(`${permission}\u0000`)).map((k) => k.slice(permission.length + 1)),
  };
}
