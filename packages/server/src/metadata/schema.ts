import type { Generated } from 'kysely';

/** Booleans are stored as 0/1 integers so one schema serves SQLite and PostgreSQL. */
export type Flag = number;

export interface UserTable {
  id: Generated<number>;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  password_hash: string;
  active: Flag;
  created_on: string;
  changed_on: string;
  last_login: string | null;
  login_count: number;
  fail_login_count: number;
}

export interface RoleTable {
  id: Generated<number>;
  name: string;
}

export interface PermissionViewTable {
  id: Generated<number>;
  permission: string;
  view_menu: string;
}

export interface PermissionViewRoleTable {
  role_id: number;
  permission_view_id: number;
}

export interface UserRoleTable {
  user_id: number;
  role_id: number;
}

export interface SessionTable {
  /** sha-256 of the cookie value; the cookie itself is never stored */
  id: string;
  user_id: number;
  created_at: string;
  expires_at: string;
}

export interface DatabaseTable {
  id: Generated<number>;
  uuid: string;
  database_name: string;
  /** the URI without its password */
  sqlalchemy_uri: string;
  /** AES-256-GCM encrypted password, or null */
  password_encrypted: string | null;
  expose_in_sqllab: Flag;
  allow_run_async: Flag;
  allow_dml: Flag;
  allow_ctas: Flag;
  allow_cvas: Flag;
  allow_file_upload: Flag;
  impersonate_user: Flag;
  is_examples: Flag;
  cache_timeout: number | null;
  force_ctas_schema: string | null;
  extra: string;
  created_on: string;
  changed_on: string;
  created_by_fk: number | null;
  changed_by_fk: number | null;
}

export interface MetadataSchema {
  ab_user: UserTable;
  ab_role: RoleTable;
  ab_permission_view: PermissionViewTable;
  ab_permission_view_role: PermissionViewRoleTable;
  ab_user_role: UserRoleTable;
  sessions: SessionTable;
  dbs: DatabaseTable;
}
