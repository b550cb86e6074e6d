import type { Principal } from '../security/principal.js';
import { databasePermView } from '../security/permissions.js';

/** May this user use (see, browse, query) the database? Admins and global grants see all. */
export function canAccessDatabase(user: Principal, db: { id: number; database_name: string }): boolean {
  if (
    user.isAdmin ||
    user.can('all_database_access', 'all_database_access') ||
    user.can('all_datasource_access', 'all_datasource_access')
  ) {
    return true;
  }
  if (user.can('database_access', databasePermView(db.database_name, db.id))) return true;
  const prefix = `[${db.database_name}].[`;
  return user.viewsWith('schema_access').some((v) => v.startsWith(prefix));
}

/** Schemas of a database the user may see: all, or only those granted with schema_access. */
export function allowedSchemas(user: Principal, db: { id: number; database_name: string }, schemas: string[]): string[] {
  if (user.isAdmin || user.can('all_database_access', 'all_database_access') || user.can('all_datasource_access', 'all_datasource_access'))
    return schemas;
  if (user.can('database_access', databasePermView(db.database_name, db.id))) return schemas;
  const prefix = `[${db.database_name}].[`;
  const granted = new Set(
    user
      .viewsWith('schema_access')
      .filter((v) => v.startsWith(prefix))
      .map((v) => v.slice(prefix.length, -1)),
  );
  return schemas.filter((s) => granted.has(s));
}
