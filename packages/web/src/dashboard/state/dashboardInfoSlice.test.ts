import { describe, expect, it } from 'vitest';
import type { DashboardDetail } from '@rama/shared';
import { NO_PERMISSIONS } from '../permissions';
import { dashboardInfoActions, dashboardInfoReducer, initialDashboardInfo, parseDashboardMetadata } from './dashboardInfoSlice';
import { dashboardStateActions } from './dashboardStateSlice';

const detail = (over: Partial<DashboardDetail> = {}): DashboardDetail =>
  ({
    id: 7,
    uuid: 'u',
    dashboard_title: 'Flights',
    slug: 'flights',
    url: '/rama/dashboard/flights/',
    position_json: null,
    json_metadata: JSON.stringify({ color_scheme: 'bnbColors', cross_filters_enabled: 0, filter_bar_orientation: 'HORIZONTAL' }),
    css: null,
    published: true,
    certified_by: null,
    certification_details: null,
    owners: [{ id: 1, first_name: 'Ann', last_name: 'Lee' }],
    roles: [],
    charts: [],
    created_by: null,
    changed_by: null,
    changed_by_name: 'Ann Lee',
    changed_on: '2025-01-02T03:04:05Z',
    last_modified_time: 0,
    changed_on_delta_humanized: '',
    created_on_delta_humanized: '',
    is_managed_externally: false,
    external_url: null,
    thumbnail_url: null,
    tags: [],
    ...over,
  }) as DashboardDetail;

describe('dashboardInfo (spec section 3 "Dashboard info")', () => {
  it('hydrates from the detail with parsed metadata and the derived flags', () => {
    const s = dashboardInfoReducer(
      initialDashboardInfo,
      dashboardInfoActions.hydrate({ ...detail(), ...NO_PERMISSIONS, dash_edit_perm: true }),
    );
    expect(s).toMatchObject({ id: 7, css: '', dash_edit_perm: true, filterBarOrientation: 'HORIZONTAL' });
    expect(s.json_metadata.color_scheme).toBe('bnbColors');
    // "Cross-filter enablement is normalised to a boolean"
    expect(s.json_metadata.cross_filters_enabled).toBe(false);
    expect(s.crossFiltersEnabled).toBe(false);
    // changed_on stands in when the reply has no last_modified_time
    expect(s.last_modified_time).toBe(Date.parse('2025-01-02T03:04:05Z') / 1000);
  });

  it('json_metadata that is not a JSON object reads as empty metadata', () => {
    expect(parseDashboardMetadata('not json').color_scheme ?? null).toBeNull();
    expect(parseDashboardMetadata('[1,2]').label_colors ?? {}).toEqual({});
    expect(parseDashboardMetadata(null)).toBeTypeOf('object');
  });

  it('discard puts back the fields as last saved; a successful save makes the edits the saved ones', () => {
    let s = dashboardInfoReducer(initialDashboardInfo, dashboardInfoActions.hydrate({ ...detail(), ...NO_PERMISSIONS }));
    s = dashboardInfoReducer(s, dashboardInfoActions.update({ dashboard_title: 'Edited', slug: 'edited' }));
    expect(dashboardInfoReducer(s, dashboardInfoActions.discard())).toMatchObject({ dashboard_title: 'Flights', slug: 'flights' });
    s = dashboardInfoReducer(s, dashboardStateActions.saveFinished({ ok: true }));
    s = dashboardInfoReducer(s, dashboardInfoActions.update({ dashboard_title: 'Again' }));
    expect(dashboardInfoReducer(s, dashboardInfoActions.discard()).dashboard_title).toBe('Edited');
  });

  it('a metadata update re-derives the filter bar and cross-filter flags', () => {
    let s = dashboardInfoReducer(initialDashboardInfo, dashboardInfoActions.hydrate({ ...detail(), ...NO_PERMISSIONS }));
    s = dashboardInfoReducer(s, dashboardInfoActions.update({ json_metadata: { cross_filters_enabled: true } }));
    expect(s).toMatchObject({ crossFiltersEnabled: true, filterBarOrientation: 'VERTICAL' });
  });
});
