import type { Access } from '../core/session';
import { t } from '../i18n';

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
    get label() {
      return t('app:menu.dashboards');
    },
    placement: 'main',
    entries: [
      {
        key: 'dashboardlist',
        get label() {
          return t('app:menu.dashboardlist');
        },
        path: '/dashboard/list/',
        alsoActiveOn: ['/rama/dashboard/'],
        visible: (access) => access.canReadDashboard,
      },
    ],
  },
  {
    key: 'charts',
    get label() {
      return t('app:menu.charts');
    },
    placement: 'main',
    entries: [
      {
        key: 'chartlist',
        get label() {
          return t('app:menu.chartlist');
        },
        path: '/chart/list/',
        alsoActiveOn: ['/explore/'],
        visible: (access) => access.canReadChart,
      },
    ],
  },
  {
    key: 'sql',
    get label() {
      return t('app:menu.sql');
    },
    placement: 'main',
    entries: [
      {
        key: 'sqllab',
        get label() {
          return t('app:menu.sqllab');
        },
        path: '/sqllab/',
        visible: (access) => access.canSqlLab,
      },
      {
        key: 'savedqueries',
        get label() {
          return t('app:menu.savedqueries');
        },
        path: '/savedqueryview/list/',
        visible: (access) => access.canReadSavedQuery,
      },
      {
        key: 'queryhistory',
        get label() {
          return t('app:menu.queryhistory');
        },
        path: '/sqllab/history/',
        visible: (access) => access.canReadQuery,
      },
    ],
  },
  {
    key: 'data',
    get label() {
      return t('app:menu.data');
    },
    placement: 'main',
    entries: [
      {
        key: 'databases',
        get label() {
          return t('app:menu.databases');
        },
        path: '/databaseview/list/',
        alsoActiveOn: ['/database/'],
        visible: everyone,
      },
      {
        key: 'datasets',
        get label() {
          return t('app:menu.datasets');
        },
        path: '/tablemodelview/list/',
        alsoActiveOn: ['/dataset/'],
        visible: (access) => access.canReadDataset,
      },
      {
        key: 'upload',
        get label() {
          return t('app:menu.upload');
        },
        path: '/upload/',
        visible: (access) => access.canWriteDataset,
      },
    ],
  },
  {
    key: 'settings',
    get label() {
      return t('app:menu.settings');
    },
    placement: 'right',
    entries: [
      {
        key: 'alertsreports',
        get label() {
          return t('app:menu.alertsreports');
        },
        path: '/alert/list/',
        // the log pages (/alert/3/log/, /report/3/log/) belong to it too
        alsoActiveOn: ['/report/', '/alert/'],
        visible: (access) => access.canReadReports,
      },
      {
        key: 'users',
        get label() {
          return t('app:menu.users');
        },
        path: '/users/list/',
        visible: adminOnly,
      },
      {
        key: 'roles',
        get label() {
          return t('app:menu.roles');
        },
        path: '/roles/list/',
        visible: adminOnly,
      },
      {
        key: 'rls',
        get label() {
          return t('app:menu.rls');
        },
        path: '/rowlevelsecurity/list/',
        visible: adminOnly,
      },
      {
        key: 'annotationlayers',
        get label() {
          return t('app:menu.annotationlayers');
        },
        path: '/annotationlayer/list/',
        alsoActiveOn: ['/annotationlayer/'],
        visible: (access) => access.canReadChart,
      },
      {
        key: 'actionlog',
        get label() {
          return t('app:menu.actionlog');
        },
        path: '/logmodelview/list/',
        visible: adminOnly,
      },
      {
        key: 'recentlydeleted',
        get label() {
          return t('app:menu.recentlydeleted');
        },
        path: '/rama/recently_deleted/',
        visible: adminOnly,
      },
      {
        key: 'tags',
        get label() {
          return t('app:menu.tags');
        },
        path: '/tag/list/',
        visible: (access) => access.canReadChart,
      },
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
