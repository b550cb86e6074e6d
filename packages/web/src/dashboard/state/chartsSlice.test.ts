import { describe, expect, it } from 'vitest';
import type { ChartDataQueryResult, DashboardChart } from '@rama/shared';
import { chartsActions as a, chartsReducer as reduce, initialChartsState, type DashboardChartsState } from './chartsSlice';

const chart = (id: number, over: Partial<DashboardChart> = {}): DashboardChart => ({
  id,
  uuid: `u${id}`,
  slice_name: `Chart ${id}`,
  viz_type: 'pie',
  form_data: { viz_type: 'pie', datasource: '3__table', metric: 'count' },
  query_context: null,
  slice_url: `/explore/?slice_id=${id}`,
  description: null,
  cache_timeout: null,
  certified_by: null,
  certification_details: null,
  is_managed_externally: false,
  changed_on: '2025-01-01T00:00:00Z',
  ...over,
});

const result = {
  status: 'success',
  error: null,
  data: [{ a: 1 }],
  colnames: ['a'],
  coltypes: [0],
  rowcount: 1,
} as unknown as ChartDataQueryResult;

const loaded = (): DashboardChartsState => reduce(initialChartsState, a.hydrate({ charts: [chart(1), chart(2)], force: false }));

describe('dashboard charts (spec section 4 "Chart status", issue 12: queries only near the viewport)', () => {
  it('every chart of a loaded dashboard wants a query and has no status yet', () => {
    const s = loaded();
    expect(s.byId[1]).toMatchObject({ triggerQuery: true, force: false, chartStatus: null });
    expect(s.slices[2].slice_name).toBe('Chart 2');
  });

  it('"loading when an update starts" (the wanted query is taken), success, then "rendered when rendering succeeds"', () => {
    let s = reduce(loaded(), a.chartEvent({ chartId: 1, event: { type: 'updateStarted', at: 1 } }));
    expect(s.byId[1]).toMatchObject({ chartStatus: 'loading', triggerQuery: false });
    s = reduce(s, a.chartEvent({ chartId: 1, event: { type: 'updateSucceeded', queriesResponse: [result], at: 2 } }));
    expect(s.byId[1].chartStatus).toBe('success');
    s = reduce(s, a.chartRendered({ chartId: 1, at: 3 }));
    expect(s.byId[1]).toMatchObject({ chartStatus: 'rendered', lastRendered: 3 });
  });

  it('"failed when an update ... fails"; a render before success does not count', () => {
    let s = reduce(loaded(), a.chartEvent({ chartId: 2, event: { type: 'updateFailed', message: 'boom', at: 1 } }));
    expect(s.byId[2]).toMatchObject({ chartStatus: 'failed', chartAlert: 'boom' });
    s = reduce(s, a.chartRendered({ chartId: 2, at: 2 }));
    expect(s.byId[2].chartStatus).toBe('failed');
  });

  it('a query cut short (the chart left the page) is wanted again; an abort is otherwise silent', () => {
    let s = reduce(loaded(), a.chartEvent({ chartId: 1, event: { type: 'updateStarted', at: 1 } }));
    s = reduce(s, a.chartEvent({ chartId: 1, event: { type: 'updateAborted' } }));
    expect(s.byId[1]).toMatchObject({ chartStatus: 'loading', triggerQuery: true });
  });

  it('the outcome of a query that a newer one replaced does not count', () => {
    let s = reduce(loaded(), a.chartEvent({ chartId: 1, event: { type: 'updateStarted', at: 1 }, token: 1 }));
    s = reduce(s, a.chartEvent({ chartId: 1, event: { type: 'updateStarted', at: 2 }, token: 2 }));
    s = reduce(s, a.chartEvent({ chartId: 1, event: { type: 'updateAborted' }, token: 1 }));
    expect(s.byId[1]).toMatchObject({ chartStatus: 'loading', triggerQuery: false });
    s = reduce(s, a.chartEvent({ chartId: 1, event: { type: 'updateFailed', message: 'old', at: 3 }, token: 1 }));
    expect(s.byId[1].chartStatus).toBe('loading');
    s = reduce(s, a.chartEvent({ chartId: 1, event: { type: 'updateSucceeded', queriesResponse: [result], at: 4 }, token: 2 }));
    expect(s.byId[1].chartStatus).toBe('success');
  });

  it('refresh: the given charts (or all) query again, forced when asked', () => {
    const one = reduce(loaded(), a.triggerRefresh({ chartIds: [2], force: true }));
    expect(one.byId[2]).toMatchObject({ triggerQuery: true, force: true });
    const started = reduce(loaded(), a.chartEvent({ chartId: 1, event: { type: 'updateStarted', at: 1 } }));
    const all = reduce(started, a.triggerRefresh({ force: false }));
    expect(all.byId[1]).toMatchObject({ triggerQuery: true, force: false });
    expect(reduce(all, a.triggerRefresh({ chartIds: [99], force: true })).byId[99]).toBeUndefined();
  });

  it('a reload of the same dashboard keeps drawn charts whose query did not change, and their definitions', () => {
    let s = reduce(loaded(), a.chartEvent({ chartId: 1, event: { type: 'updateSucceeded', queriesResponse: [result], at: 2 } }));
    const before = s.slices[1];
    s = reduce(
      s,
      a.hydrate({ charts: [chart(1), chart(2, { form_data: { viz_type: 'pie', datasource: '3__table', metric: 'sum' } })], force: false }),
    );
    expect(s.byId[1].chartStatus).toBe('success');
    expect(s.slices[1]).toBe(before);
    expect(s.byId[2]).toMatchObject({ chartStatus: null, triggerQuery: true });
    // ?force=true on a load: every chart queries again bypassing the cache
    const forced = reduce(s, a.hydrate({ charts: [chart(1)], force: true }));
    expect(forced.byId[1]).toMatchObject({ triggerQuery: true, force: true, chartStatus: null });
    expect(forced.byId[2]).toBeUndefined();
  });

  it("a chart's own state (a table page) makes it query again", () => {
    const s = reduce(loaded(), a.setOwnState({ chartId: 1, ownState: { currentPage: 2 } }));
    expect(s.byId[1]).toMatchObject({ ownState: { currentPage: 2 }, triggerQuery: true });
  });

  it('charts added while editing and datasets fetched on their own join the state', () => {
    let s = reduce(loaded(), a.addSlices([chart(5)]));
    expect(s.byId[5].triggerQuery).toBe(true);
    s = reduce(s, a.datasetsLoaded([{ uid: '3__table', id: 3 } as never]));
    expect(s.datasetsStatus).toBe('complete');
    expect(s.datasources['3__table'].id).toBe(3);
  });
});
