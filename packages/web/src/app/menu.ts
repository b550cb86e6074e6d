import type { Access } from './session';

export interface MenuEntry {
  key: string;
  label: string;
  path: string;
  /** Other pages that belong to this entry (highlighted in the menu), by path prefix. */
  alsoActiveOn?: string[];
  /** Who sees the entry; the page itself checks again. */
  visible: (access: Access) => boolean;
}

export interface MenuGroup {
  key: string;
  label: string;
  /** Settings sits on the right, next to the user menu. */
  placement: 'main' | 'right';
  entries: MenuEntry[];
}

const everyone = () => true;
const adminOnly = (access: Access) => access.isAdmin;

/** The top navigation; a group with no entry visible to the user is hidden. */
export const MENU: MenuGroup[] = [
  {
    key: 'dashboards',
    label: 'Dashboards',
    placement: 'main',
    entries: [
      {
        key: 'dashboardlist',
        label: 'Dashboards',
        path: '/dashboard/list/',
        alsoActiveOn: ['/rama/dashboard/'],
        visible: (access) => access.canReadDashboard,
      },
    ],
  },
  {
    key: 'charts',
    label: 'Charts',
    placement: 'main',
    entries: [
      {
        key: 'chartlist',
        label: 'Charts',
        path: '/chart/list/',
        alsoActiveOn: ['/explore/'],
        visible: (access) => access.canReadChart,
      },
    ],
  },
  {
    key: 'sql',
    label: 'SQL',
    placement: 'main',
    entries: [
      { key: 'sqllab', label: 'SQL Lab', path: '/sqllab/', visible: (access) => access.canSqlLab },
      {
        key: 'savedqueries',
        label: 'Saved queries',
        path: '/savedqueryview/list/',
        visible: (access) => access.canReadSavedQuery,
      },
      { key: 'queryhistory', label: 'Query history', path: '/sqllab/history/', visible: (access) => access.canReadQuery },
    ],
  },
  {
    key: 'data',
    label: 'Data',
    placement: 'main',
    entries: [
      { key: 'databases', label: 'Databases', path: '/databaseview/list/', alsoActiveOn: ['/database/'], visible: everyone },
      {
        key: 'datasets',
        label: 'Datasets',
        path: '/tablemodelview/list/',
        alsoActiveOn: ['/dataset/'],
        visible: (access) => access.canReadDataset,
      },
      { key: 'upload', label: 'Upload file to database', path: '/upload/', visible: (access) => access.canWriteDataset },
    ],
  },
  {
    key: 'settings',
    label: 'Settings',
    placement: 'right',
    entries: [
      {
        key: 'alertsreports',
        label: 'Alerts & reports',
        path: '/alert/list/',
        // the log pages (/alert/3/log/, /report/3/log/) belong to it too
        alsoActiveOn: ['/report/', '/alert/'],
        visible: (access) => access.canReadReports,
      },
      { key: 'users', label: 'Users', path: '/users/list/', visible: adminOnly },
      { key: 'roles', label: 'Roles', path: '/roles/list/', visible: adminOnly },
      { key: 'rls', label: 'Row level security', path: '/rowlevelsecurity/list/', visible: adminOnly },
      {
        key: 'annotationlayers',
        label: 'Annotation layers',
        path: '/annotationlayer/list/',
        alsoActiveOn: ['/annotationlayer/'],
        visible: (access) => access.canReadChart,
      },
      { key: 'actionlog', label: 'Action log', path: '/logmodelview/list/', visible: adminOnly },
      { key: 'recentlydeleted', label: 'Recently deleted', path: '/rama/recently_deleted/', visible: adminOnly },
      { key: 'tags', label: 'Tags', path: '/tag/list/', visible: (access) => access.canReadChart },
    ],
  },
];

/** The groups and entries this user sees, in menu order. */
export function visibleMenu(menu: MenuGroup[], access: Access): MenuGroup[] {
  return menu
    .map((group) => ({ ...group, entries: group.entries.filter((entry) => entry.visible(access)) }))
    .filter((group) => group.entries.length > 0);
}

/** The entry whose page is open (longest matching path prefix). */
export function activeEntryKey(menu: MenuGroup[], pathname: string): string | null {
  let best: { key: string; length: number } | null = null;
  for (const entry of menu.flatMap((group) => group.entries)) {
    for (const prefix of [entry.path, ...(entry.alsoActiveOn ?? [])]) {
      if (pathname.startsWith(prefix) && (!best || prefix.length > best.length)) best = { key: entry.key, length: prefix.length };
    }
  }
  return best?.key ?? null;
}
