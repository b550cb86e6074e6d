import { describe, expect, it } from 'vitest';
import type { ExploreBootstrap, QueryFormData } from '@rama/shared';
import { exploreActions, exploreReducer, initialExploreState, openingFormData, withMetricRenames } from './exploreSlice';
import { flights } from './controls/testDatasource';

const boot = (over: Partial<ExploreBootstrap> = {}): ExploreBootstrap => ({
  dataset: null,
  form_data: { viz_type: 'table', datasource: '3__table' },
  slice: null,
  message: null,
  ...over,
});

describe('Explore state (spec section 3 "Explore state", section 4 Explore transitions)', () => {
  it('a new chart from a dataset starts from every control default (spec section 9: default row_limit)', () => {
    const fd = openingFormData(boot());
    expect(fd.viz_type).toBe('table');
    expect(fd.datasource).toBe('3__table');
    expect(fd.row_limit).toBeDefined();
  });
  it('a new chart starts with DEFAULT_TIME_FILTER as a time range filter on the dataset time column', () => {
    const fd = openingFormData(
      boot({ dataset: flights, form_data: { viz_type: 'echarts_timeseries_bar', datasource: '3__table' } }),
      'Last week',
    );
    expect(fd.viz_type).toBe('echarts_timeseries_bar');
    expect(fd.time_range).toBe('Last week');
    expect(fd.adhoc_filters).toEqual([
      expect.objectContaining({ expressionType: 'SIMPLE', subject: 'flight_date', operator: 'TEMPORAL_RANGE', comparator: 'Last week' }),
    ]);
  });
  it('DEFAULT_TIME_FILTER "No filter" adds no filter, and a saved chart or stored state keeps its own filters', () => {
    expect(openingFormData(boot({ dataset: flights }), 'No filter').adhoc_filters).toEqual([]);
    const stored = openingFormData(
      boot({ dataset: flights, form_data: { viz_type: 'table', datasource: '3__table', adhoc_filters: [] } }),
      'Last week',
    );
    expect(stored.adhoc_filters).toEqual([]);
    const slice = { slice_id: 1, slice_name: 'x', form_data: {}, viz_type: 'table', datasource: '3__table', dashboards: [] };
    const saved = openingFormData(boot({ dataset: flights, slice: slice as unknown as ExploreBootstrap['slice'] }), 'Last week');
    expect(saved.adhoc_filters).toBeUndefined();
  });
  it('a render-trigger change redraws without marking the chart stale; other changes mark it stale', () => {
    let s = exploreReducer(initialExploreState, exploreActions.bootstrapped({ bootstrap: boot(), formDataKey: null, force: false }));
    s = exploreReducer(s, exploreActions.queryStarted());
    expect(s.stale).toBe(false);
    s = exploreReducer(s, exploreActions.querySucceeded(s.formData, []));
    s = exploreReducer(s, exploreActions.controlChanged({ name: 'color_scheme', value: 'bnbColors', renderTrigger: true }));
    expect(s.stale).toBe(false);
    expect(s.renderFormData?.color_scheme).toBe('bnbColors');
    expect(s.edited).toBe(true);
    s = exploreReducer(s, exploreActions.controlChanged({ name: 'row_limit', value: 10, renderTrigger: false }));
    expect(s.stale).toBe(true);
    expect(s.renderFormData?.row_limit).not.toBe(10);
  });
  it('changing the viz type transforms the form data', () => {
    let s = exploreReducer(initialExploreState, exploreActions.bootstrapped({ bootstrap: boot(), formDataKey: null, force: false }));
    s = exploreReducer(s, exploreActions.controlChanged({ name: 'metrics', value: ['count'], renderTrigger: false }));
    s = exploreReducer(s, exploreActions.vizTypeChanged('pie'));
    expect(s.formData.viz_type).toBe('pie');
    expect(s.formData.metric).toBe('count');
  });
  it('saving clears the altered state and the unsaved key', () => {
    let s = exploreReducer(initialExploreState, exploreActions.bootstrapped({ bootstrap: boot(), formDataKey: 'k', force: false }));
    s = exploreReducer(s, exploreActions.controlChanged({ name: 'row_limit', value: 10, renderTrigger: false }));
    const slice = { slice_id: 5, slice_name: 'x', dashboards: [], owners: [1] } as unknown as Parameters<typeof exploreActions.saved>[0];
    s = exploreReducer(s, exploreActions.saved(slice));
    expect(s.formDataKey).toBeNull();
    expect(s.edited).toBe(false);
    expect(s.savedFormData).toEqual(s.formData);
    expect(s.formData.slice_id).toBe(5);
  });
});

describe('renaming a metric re-keys its column configuration', () => {
  it('moves column_config to the new label', () => {
    const fd: QueryFormData = {
      viz_type: 'table',
      datasource: '1__table',
      metrics: [{ expressionType: 'SQL', sqlExpression: 'SUM(x)', label: 'old' }],
      column_config: { old: { d3NumberFormat: ',d' } },
    };
    const out = withMetricRenames(fd, 'metrics', [{ expressionType: 'SQL', sqlExpression: 'SUM(x)', label: 'new' }]);
    expect(out.column_config).toEqual({ new: { d3NumberFormat: ',d' } });
  });
});
