import { dashboardPath, hasPermission, type CurrentUser, type DashboardListItem } from '@rama/shared';
import type { ListFilter, ListState } from '../components/listState';
import type { Access } from '../core/session';
import { t } from '../i18n';

/** The dashboard list's filters, as the toolbar holds them (null: not filtered on). */
export interface DashboardFilters {
  /** matched against the title and the slug */
  search: string;
  ownerId: number | null;
  /** true: published, false: draft */
  published: boolean | null;
  favorite: boolean | null;
  certified: boolean | null;
  /** a custom tag's id (absent: not filtered on) */
  tagId?: number | null;
}

export const NO_DASHBOARD_FILTERS: DashboardFilters = {
  search: '',
  ownerId: null,
  published: null,
  favorite: null,
  certified: null,
  tagId: null,
};

/**
 * The rison filters of `GET /api/v1/dashboard/` (issue 12 part 1, the BI server's operators): the
 * search box is `title_or_slug`, owners a many-to-many relation, the status `published` equality,
 * favorites and certification the server's `id` filters.
 */
export function dashboardListFilters(f: DashboardFilters): ListFilter[] {
  const filters: ListFilter[] = [];
  const search = f.search.trim();
  if (search) filters.push({ col: 'dashboard_title', opr: 'title_or_slug', value: search });
  if (f.ownerId !== null) filters.push({ col: 'owners', opr: 'rel_m_m', value: f.ownerId });
  if (f.published !== null) filters.push({ col: 'published', opr: 'eq', value: f.published });
  if (f.favorite !== null) filters.push({ col: 'id', opr: 'dashboard_is_favorite', value: f.favorite });
  if (f.certified !== null) filters.push({ col: 'id', opr: 'dashboard_is_certified', value: f.certified });
  if (f.tagId != null) filters.push({ col: 'tags', opr: 'dashboard_tag_id', value: f.tagId });
  return filters;
}

/** The dashboard in edit mode (spec section 2: `edit=true`, honoured only for users who may edit it). */
export function dashboardEditPath(d: Pick<DashboardListItem, 'id' | 'slug'>): string {
  return `${dashboardPath(d)}?edit=true`;
}

/**
 * Spec section 6: editing (and so deleting) a dashboard needs can_write on Dashboard plus being an
 * admin or one of its owners. The server checks again.
 */
export function canEditDashboard(
  d: Pick<DashboardListItem, 'owners'>,
  userId: number,
  access: Pick<Access, 'isAdmin' | 'canWriteDashboard'>,
): boolean {
  return access.canWriteDashboard && (access.isAdmin || d.owners.some((owner) => owner.id === userId));
}

/** Exporting dashboards needs can_export on Dashboard (admins have every permission). */
export function canExportDashboards(roles: CurrentUser['roles']): boolean {
  return hasPermission(roles, 'can_export', 'Dashboard');
}

/** What deleting a dashboard does, said in its confirm. */
export const deleteDashboardDescription = (): string => t('dashboards:deleteDescription');

/** The status tag's text. */
export const statusLabel = (published: boolean): string => (published ? t('dashboards:status.published') : t('dashboards:status.draft'));

/** The orders the card view offers (the table sorts by its column headers). */
export const DASHBOARD_CARD_SORTS = [
  // the label is read when shown, in the current language
  {
    value: 'changed_on:desc',
    get label() {
      return t('dashboards:sort.recentlyModified');
    },
    orderColumn: 'changed_on',
    orderDirection: 'desc',
  },
  {
    value: 'changed_on:asc',
    get label() {
      return t('dashboards:sort.leastRecentlyModified');
    },
    orderColumn: 'changed_on',
    orderDirection: 'asc',
  },
  {
    value: 'dashboard_title:asc',
    get label() {
      return t('dashboards:sort.alphabetical');
    },
    orderColumn: 'dashboard_title',
    orderDirection: 'asc',
  },
  {
    value: 'dashboard_title:desc',
    get label() {
      return t('dashboards:sort.reverseAlphabetical');
    },
    orderColumn: 'dashboard_title',
    orderDirection: 'desc',
  },
] as const satisfies readonly { value: string; label: string; orderColumn: string; orderDirection: ListState['orderDirection'] }[];

export type DashboardCardSort = (typeof DASHBOARD_CARD_SORTS)[number];

/** The card view's choice for the list's order; undefined when the table sorted by another column. */
export function cardSortOf(list: Pick<ListState, 'orderColumn' | 'orderDirection'>): DashboardCardSort | undefined {
  return DASHBOARD_CARD_SORTS.find((s) => s.orderColumn === list.orderColumn && s.orderDirection === list.orderDirection);
}
