import { describe, expect, it } from 'vitest';
import type { QueryContext, QueryFormData } from '@rama/shared';
import { canOverwrite, chartSavePayload, dashboardListQuery, saveMessages } from './savePayload';

const formData: QueryFormData = { viz_type: 'pie', datasource: '3__table', metric: 'count', slice_id: 9, url_params: { a: '1' } };
const queryContext: QueryContext = { datasource: { id: 3, type: 'table' }, queries: [{ metrics: ['count'] }] };

describe('the save payload (spec section 7 "Charts")', () => {
  it('sends the form data as params and the query context with the form data in it', () => {
    const body = chartSavePayload({
      action: 'saveas',
      sliceName: '  Flights by origin ',
      formData,
      datasourceId: 3,
      datasourceType: 'table',
      queryContext,
      currentDashboardIds: [4],
      dashboardId: null,
    });
    expect(body.slice_name).toBe('Flights by origin');
    expect(body.viz_type).toBe('pie');
    expect(body.datasource_id).toBe(3);
    expect(body.datasource_type).toBe('table');
    expect(JSON.parse(body.params ?? '')).toEqual({ viz_type: 'pie', datasource: '3__table', metric: 'count' });
    const qc = JSON.parse(body.query_context ?? '') as QueryContext;
    expect(qc.queries).toEqual(queryContext.queries);
    expect(qc.form_data).toEqual({ viz_type: 'pie', datasource: '3__table', metric: 'count' });
    // a copy starts on no dashboard unless one is picked
    expect(body.dashboards).toEqual([]);
  });
  it('keeps the dashboards of an overwritten chart and adds the picked one once', () => {
    const base = { sliceName: 'x', formData, datasourceId: 3, datasourceType: 'table', queryContext: null, currentDashboardIds: [4, 5] };
    expect(chartSavePayload({ ...base, action: 'overwrite', dashboardId: 6 }).dashboards).toEqual([4, 5, 6]);
    expect(chartSavePayload({ ...base, action: 'overwrite', dashboardId: 5 }).dashboards).toEqual([4, 5]);
    expect(chartSavePayload({ ...base, action: 'saveas', dashboardId: 6 }).dashboards).toEqual([6]);
    expect(chartSavePayload({ ...base, action: 'saveas', dashboardId: null }).query_context).toBeNull();
  });
});

describe('save messages (spec section 8)', () => {
  it('says saved for a new chart and overwritten for an existing one', () => {
    expect(saveMessages('saveas', 'Delays', null)).toEqual(['Chart [Delays] has been saved']);
    expect(saveMessages('overwrite', 'Delays', null)).toEqual(['Chart [Delays] has been overwritten']);
  });
  it('names the new or existing dashboard', () => {
    expect(saveMessages('saveas', 'Delays', { title: 'Ops', created: true })[1]).toBe(
      'Dashboard [Ops] just got created and chart [Delays] was added to it',
    );
    expect(saveMessages('saveas', 'Delays', { title: 'Ops', created: false })[1]).toBe('Chart [Delays] was added to dashboard [Ops]');
  });
});

describe('who may overwrite (spec section 6 can_overwrite)', () => {
  it('is an owner of the saved chart or an admin', () => {
    expect(canOverwrite(null, 1, true)).toBe(false);
    expect(canOverwrite({ owners: [1, 2] }, 2, false)).toBe(true);
    expect(canOverwrite({ owners: [1] }, 2, false)).toBe(false);
    expect(canOverwrite({ owners: [1] }, 2, true)).toBe(true);
  });
  it('lists the dashboards the user owns, all for admins', () => {
    expect(dashboardListQuery(7, false).filters).toEqual([{ col: 'owners', opr: 'rel_m_m', value: 7 }]);
    expect(dashboardListQuery(7, true).filters).toEqual([]);
  });
});
