import type { ListQuery } from '@rama/shared';

/** Paging and order of a server-side list (the `q` of the list endpoints, minus the filters). */
export interface ListState {
  page: number;
  pageSize: number;
  orderColumn: string;
  orderDirection: 'asc' | 'desc';
}

export type ListFilter = NonNullable<ListQuery['filters']>[number];
export type TableSortOrder = 'ascend' | 'descend';

/** What an antd Table reports on a page, size or sort change, reduced to what a list needs. */
export interface TableChange {
  current?: number;
  pageSize?: number;
  /** The sorted column's key, or undefined when sorting was cleared. */
  columnKey?: unknown;
  order?: TableSortOrder | null;
}

export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100];

/** The rison `q`: filters left out when there are none. */
export function toListQuery(state: ListState, filters: (ListFilter | null | false | undefined)[]): ListQuery {
  const active = filters.filter((f): f is ListFilter => Boolean(f));
  return {
    ...(active.length ? { filters: active } : {}),
    order_column: state.orderColumn,
    order_direction: state.orderDirection,
    page: state.page,
    page_size: state.pageSize,
  };
}

export function sortOrderFor(state: ListState, column: string): TableSortOrder | null {
  if (state.orderColumn !== column) return null;
  return state.orderDirection === 'asc' ? 'ascend' : 'descend';
}

/**
 * The list after a table change. Clearing the sort goes back to the default order; a new sort or
 * page size starts again on the first page.
 */
export function applyTableChange(
  prev: ListState,
  change: TableChange,
  defaults: Pick<ListState, 'orderColumn' | 'orderDirection'>,
): ListState {
  const sorted = typeof change.columnKey === 'string' && change.order;
  const orderColumn = sorted ? (change.columnKey as string) : defaults.orderColumn;
  const orderDirection = sorted ? (change.order === 'ascend' ? 'asc' : 'desc') : defaults.orderDirection;
  const pageSize = change.pageSize ?? prev.pageSize;
  const reordered = orderColumn !== prev.orderColumn || orderDirection !== prev.orderDirection || pageSize !== prev.pageSize;
  return {
    page: reordered ? 0 : Math.max(0, (change.current ?? 1) - 1),
    pageSize,
    orderColumn,
    orderDirection,
  };
}

/** The last page that still has rows, after `removed` rows left a list of `total` (deletes). */
export function pageAfterRemoval(state: ListState, total: number, removed: number): number {
  const remaining = Math.max(0, total - removed);
  const lastPage = Math.max(0, Math.ceil(remaining / state.pageSize) - 1);
  return Math.min(state.page, lastPage);
}

/** A user as a list's `related/owners` endpoint answers (charts, dashboards, reports). */
export interface RelatedUser {
  value: number;
  text: string;
  extra?: { active: boolean };
}

/** The favorite flags of a page of rows (charts, dashboards), by id (a row the status left out is not starred). */
export function favoriteMap(status: { id: number; value: boolean }[] | undefined): Map<number, boolean> {
  return new Map((status ?? []).map((s) => [s.id, s.value]));
}
