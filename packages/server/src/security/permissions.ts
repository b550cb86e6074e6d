/**
 * Roles and their (permission, view) pairs. Data access is granted per object with
 * `database_access` on `[name].(id:N)`, `schema_access` on `[name].[schema]` and
 * `datasource_access` on `[name].[table](id:N)`, or globally with `all_database_access` /
 * `all_datasource_access`.
 */
export type PermissionPair = readonly [permission: string, view: string];

export const BUILTIN_ROLES = ['Admin', 'Alpha', 'Gamma', 'sql_lab', 'Public'] as const;

const rw = (view: string): PermissionPair[] => [
  ['can_read', view],
  ['can_write', view],
];

const CONTENT: PermissionPair[] = [
  ...rw('Chart'),
  ...rw('Dashboard'),
  ['can_export', 'Chart'],
  ['can_export', 'Dashboard'],
  ['can_read', 'Annotation'],
  ['can_read', 'Tag'],
  ['can_explore', 'Rama'],
  ['can_explore_json', 'Rama'],
  ['can_share_chart', 'Rama'],
  ['can_share_dashboard', 'Rama'],
  ['can_csv', 'Rama'],
  ['can_log', 'Rama'],
  ['can_read', 'Database'],
  ['can_read', 'Dataset'],
  ['can_read', 'Explore'],
  ['can_write', 'ExplorePermalink'],
  ['can_write', 'DashboardPermalink'],
  ['can_read', 'ReportSchedule'],
  ['can_write', 'ReportSchedule'],
  ['menu_access', 'Dashboards'],
  ['menu_access', 'Charts'],
  ['menu_access', 'Data'],
  ['menu_access', 'Databases'],
  ['menu_access', 'Datasets'],
];

const SQL_LAB: PermissionPair[] = [
  ['can_sqllab', 'Rama'],
  ['can_execute_sql_query', 'SQLLab'],
  ['can_estimate_query_cost', 'SQLLab'],
  ['can_format_sql', 'SQLLab'],
  ['can_export_csv', 'SQLLab'],
  ['can_get_results', 'SQLLab'],
  ['can_read', 'SQLLab'],
  ['can_read', 'Query'],
  ...rw('SavedQuery'),
  ['can_export', 'SavedQuery'],
  ...rw('TabStateView'),
  ...rw('TableSchemaView'),
  ['can_write', 'SqlLabPermalink'],
  ['can_read', 'SqlLabPermalink'],
  ['can_read', 'Database'],
  ['can_csv', 'Rama'],
  ['can_log', 'Rama'],
  ['menu_access', 'SQL Lab'],
  ['menu_access', 'SQL Editor'],
  ['menu_access', 'Saved Queries'],
  ['menu_access', 'Query Search'],
];

const ALPHA_EXTRA: PermissionPair[] = [
  ['can_write', 'Dataset'],
  ['can_export', 'Dataset'],
  // uploading files into databases that allow it (uploads/)
  ['can_csv_upload', 'Database'],
  ['can_excel_upload', 'Database'],
  ['can_columnar_upload', 'Database'],
  ['can_upload', 'Database'],
  ['can_write', 'Annotation'],
  ['can_write', 'Tag'],
  ['all_datasource_access', 'all_datasource_access'],
  ['all_database_access', 'all_database_access'],
];

const ADMIN_EXTRA: PermissionPair[] = [
  ['all_query_access', 'all_query_access'],
  ['can_write', 'Database'],
  ...rw('User'),
  ...rw('Role'),
  ['can_read', 'Log'],
  ['menu_access', 'Security'],
  ['menu_access', 'List Users'],
  ['menu_access', 'List Roles'],
];

function unique(pairs: PermissionPair[]): PermissionPair[] {
  const seen = new Set<string>();
  return pairs.filter(([p, v]) => {
    const k = `${p}\u0000${v}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

export const ROLE_PERMISSIONS: Record<(typeof BUILTIN_ROLES)[number], PermissionPair[]> = {
  Admin: unique([...CONTENT, ...SQL_LAB, ...ALPHA_EXTRA, ...ADMIN_EXTRA]),
  Alpha: unique([...CONTENT, ...ALPHA_EXTRA]),
  Gamma: unique(CONTENT),
  sql_lab: unique(SQL_LAB),
  Public: [],
};

export const databasePermView = (name: string, id: number): string => `[${name}].(id:${id})`;
/** The `datasource_access` view of a dataset, as the BI server names it. */
export const datasetPermView = (databaseName: string, tableName: string, id: number): string =>
  `[${databaseName}].[${tableName}](id:${id})`;
export const schemaPermView = (dbName: string, schema: string): string => `[${dbName}].[${schema}]`;
