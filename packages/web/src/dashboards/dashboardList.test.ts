import { describe, expect, it } from 'vitest';
import { DASHBOARD_ORDER_COLUMNS } from '@rama/shared';
import {
  DASHBOARD_CARD_SORTS,
  NO_DASHBOARD_FILTERS,
  canEditDashboard,
  canExportDashboards,
  cardSortOf,
  dashboardEditPath,
  dashboardListFilters,
  statusLabel,
} from './dashboardList';

describe('dashboard list filters (issue 12 part 1: the list endpoint rison)', () => {
  it('sends nothing when no filter is set', () => {
    expect(dashboardListFilters(NO_DASHBOARD_FILTERS)).toEqual([]);
    expect(dashboardListFilters({ ...NO_DASHBOARD_FILTERS, search: '  ' })).toEqual([]);
  });

  it('searches title and slug with title_or_slug and maps each filter to the server column and operator', () => {
    expect(dashboardListFilters({ search: ' flights ', ownerId: 4, published: true, favorite: true, certified: false })).toEqual([
      { col: 'dashboard_title', opr: 'title_or_slug', value: 'flights' },
      { col: 'owners', opr: 'rel_m_m', value: 4 },
      { col: 'published', opr: 'eq', value: true },
      { col: 'id', opr: 'dashboard_is_favorite', value: true },
      { col: 'id', opr: 'dashboard_is_certified', value: false },
    ]);
  });

  it('"draft" and "not a favorite" are filters too, unlike "any"', () => {
    expect(dashboardListFilters({ ...NO_DASHBOARD_FILTERS, published: false, favorite: false })).toEqual([
      { col: 'published', opr: 'eq', value: false },
      { col: 'id', opr: 'dashboard_is_favorite', value: false },
    ]);
  });
});

describe('dashboard links (spec section 2 "Routes")', () => {
  it('asks for edit mode with edit=true', () => {
    expect(dashboardEditPath({ id: 3, slug: null })).toBe('/rama/dashboard/3/?edit=true');
    expect(dashboardEditPath({ id: 3, slug: 'sales' })).toBe('/rama/dashboard/sales/?edit=true');
  });
});

describe('who may change a dashboard (spec section 6: can_write on Dashboard plus admin or owner)', () => {
  const dashboard = { owners: [{ id: 3, first_name: 'Ada', last_name: 'Lovelace' }] };
  it('an owner or an admin with can_write', () => {
    expect(canEditDashboard(dashboard, 3, { isAdmin: false, canWriteDashboard: true })).toBe(true);
    expect(canEditDashboard(dashboard, 4, { isAdmin: true, canWriteDashboard: true })).toBe(true);
  });
  it('not another user, nor an owner without can_write', () => {
    expect(canEditDashboard(dashboard, 4, { isAdmin: false, canWriteDashboard: true })).toBe(false);
    expect(canEditDashboard(dashboard, 3, { isAdmin: false, canWriteDashboard: false })).toBe(false);
  });
});

describe('exporting dashboards needs can_export on Dashboard', () => {
  it('reads it from the roles; admins have it', () => {
    expect(canExportDashboards({ Alpha: [['can_export', 'Dashboard']] })).toBe(true);
    expect(canExportDashboards({ Gamma: [['can_read', 'Dashboard']] })).toBe(false);
    expect(canExportDashboards({ Admin: [] })).toBe(true);
  });
});

describe('the card view order', () => {
  it('finds the choice for the list order, and none for a column the cards do not offer', () => {
    expect(cardSortOf({ orderColumn: 'changed_on', orderDirection: 'desc' })?.label).toBe('Recently modified');
    expect(cardSortOf({ orderColumn: 'dashboard_title', orderDirection: 'asc' })?.label).toBe('Alphabetical');
    expect(cardSortOf({ orderColumn: 'published', orderDirection: 'asc' })).toBeUndefined();
  });

  it('offers only orders the server sorts by', () => {
    for (const sort of DASHBOARD_CARD_SORTS) expect(DASHBOARD_ORDER_COLUMNS).toContain(sort.orderColumn);
    expect(new Set(DASHBOARD_CARD_SORTS.map((s) => s.value)).size).toBe(DASHBOARD_CARD_SORTS.length);
  });
});

describe('status', () => {
  it('is Published or Draft', () => {
    expect(statusLabel(true)).toBe('Published');
    expect(statusLabel(false)).toBe('Draft');
  });
});
