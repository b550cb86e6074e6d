import { describe, expect, it } from 'vitest';
import { chartsInScope, layoutChartIds, scopeFromCharts, scopeTree, tabsInScope, withScopeComputed } from '../dashboards/filterScope.js';
import { layoutFromTree } from '../dashboards/layout.js';
import { ancestorFilterIds, filterOptionsQueryContext, parentExtraFormData, possibleParentFilters, wouldCreateCycle } from './cascade.js';
import {
  chartExtraFormData,
  chartsHeldByRequiredFilters,
  crossFilterChartsInScope,
  crossFilterDataMask,
  filterDataMask,
  hasFilterValue,
  mergeExtraFormData,
  type DashboardFilterState,
} from './dataMask.js';
import { chartFilterIndicators } from './indicators.js';
import type { NativeFilter } from './types.js';
import { dataMaskForStorage, restoreDataMask } from './urlState.js';

// ROOT > TABS(top) > TAB t1 [chart 1, chart 2], TAB t2 [chart 3]
const layout = layoutFromTree({
  type: 'TABS',
  id: 'top',
  children: [
    {
      type: 'TAB',
      id: 't1',
      meta: { text: 'Delays' },
      children: [
        {
          type: 'ROW',
          id: 'r1',
          children: [
            { type: 'CHART', id: 'c1', meta: { chartId: 1 } },
            { type: 'CHART', id: 'c2', meta: { chartId: 2 } },
          ],
        },
      ],
    },
    {
      type: 'TAB',
      id: 't2',
      meta: { text: 'Volume' },
      children: [{ type: 'ROW', id: 'r2', children: [{ type: 'CHART', id: 'c3', meta: { chartId: 3 } }] }],
    },
  ],
});

function selectFilter(id: string, column: string, extra: Partial<NativeFilter> = {}): NativeFilter {
  return {
    id,
    type: 'NATIVE_FILTER',
    name: column,
    filterType: 'filter_select',
    targets: [{ datasetId: 7, column: { name: column } }],
    controlValues: { multiSelect: true },
    defaultDataMask: { extraFormData: {}, filterState: {}, ownState: {} },
    cascadeParentIds: [],
    scope: { rootPath: ['ROOT_ID'], excluded: [] },
    description: '',
    ...extra,
  };
}

describe('spec 3 native filter scope: rootPath and excluded give chartsInScope and tabsInScope', () => {
  it('the whole dashboard reaches every chart', () => {
    expect(layoutChartIds(layout)).toEqual([1, 2, 3]);
    expect(chartsInScope(layout, { rootPath: ['ROOT_ID'], excluded: [] })).toEqual([1, 2, 3]);
  });
  it('a tab as root reaches only its charts; excluded charts are left out', () => {
    expect(chartsInScope(layout, { rootPath: ['t1'], excluded: [] })).toEqual([1, 2]);
    expect(chartsInScope(layout, { rootPath: ['ROOT_ID'], excluded: [2] })).toEqual([1, 3]);
    expect(tabsInScope(layout, { rootPath: ['ROOT_ID'], excluded: [3] })).toEqual(['t1']);
  });
  it('a scope missing parts reads as the whole dashboard; unknown roots reach nothing', () => {
    expect(chartsInScope(layout, undefined)).toEqual([1, 2, 3]);
    expect(chartsInScope(layout, { rootPath: ['gone'], excluded: [] })).toEqual([]);
  });
  it('the scoping tree chooses charts; its scope excludes the rest', () => {
    const scope = scopeFromCharts(layout, [1, 3]);
    expect(scope).toEqual({ rootPath: ['ROOT_ID'], excluded: [2] });
    expect(withScopeComputed(layout, { scope }).chartsInScope).toEqual([1, 3]);
    const tree = scopeTree(layout, (id) => `Chart #${id}`);
    expect(tree.children.map((t) => [t.title, t.children.map((c) => c.title)])).toEqual([
      ['Delays', ['Chart #1', 'Chart #2']],
      ['Volume', ['Chart #3']],
    ]);
  });
});

describe('spec 3 data mask: a filter value becomes extraFormData', () => {
  it('select: IN on the target column, NOT IN with inverse selection, empty clears', () => {
    const f = selectFilter('NATIVE_FILTER-a', 'origin');
    expect(filterDataMask(f, ['SEA', 'SFO']).extraFormData).toEqual({ filters: [{ col: 'origin', op: 'IN', val: ['SEA', 'SFO'] }] });
    const inverse = selectFilter('NATIVE_FILTER-a', 'origin', { controlValues: { inverseSelection: true } });
    expect(filterDataMask(inverse, ['SEA']).extraFormData.filters?.[0].op).toBe('NOT IN');
    expect(filterDataMask(f, []).extraFormData).toEqual({});
    expect(hasFilterValue(filterDataMask(f, []).filterState)).toBe(false);
  });
  it('range: >= and <= with either side optional', () => {
    const f = { ...selectFilter('NATIVE_FILTER-r', 'delay'), filterType: 'filter_range' };
    expect(filterDataMask(f, [0, 30]).extraFormData.filters).toEqual([
      { col: 'delay', op: '>=', val: 0 },
      { col: 'delay', op: '<=', val: 30 },
    ]);
    expect(filterDataMask(f, [null, 30]).extraFormData.filters).toEqual([{ col: 'delay', op: '<=', val: 30 }]);
    expect(filterDataMask(f, [null, null]).extraFormData).toEqual({});
  });
  it("time: time_range, and spec 5's 'No filter' default sets nothing; grain and column override", () => {
    const base = selectFilter('NATIVE_FILTER-t', 'date');
    expect(filterDataMask({ ...base, filterType: 'filter_time' }, 'Last year').extraFormData).toEqual({ time_range: 'Last year' });
    expect(filterDataMask({ ...base, filterType: 'filter_time' }, 'No filter').extraFormData).toEqual({});
    expect(filterDataMask({ ...base, filterType: 'filter_timegrain' }, 'P1M').extraFormData).toEqual({ time_grain_sqla: 'P1M' });
    expect(filterDataMask({ ...base, filterType: 'filter_timecolumn' }, 'date').extraFormData).toEqual({ granularity_sqla: 'date' });
  });
  it('merge: filters append, time range overrides, unknown keys are dropped', () => {
    const merged = mergeExtraFormData(
      { filters: [{ col: 'a', op: 'IN', val: [1] }], time_range: 'Last week', evil: 'x' },
      { filters: [{ col: 'b', op: 'IN', val: [2] }], time_range: 'Last year' },
    );
    expect(merged).toEqual({
      filters: [
        { col: 'a', op: 'IN', val: [1] },
        { col: 'b', op: 'IN', val: [2] },
      ],
      time_range: 'Last year',
    });
  });
});

function dashboard(extra: Partial<DashboardFilterState> = {}): DashboardFilterState {
  const origin = withScopeComputed(layout, selectFilter('NATIVE_FILTER-o', 'origin', { scope: { rootPath: ['ROOT_ID'], excluded: [3] } }));
  return {
    filters: [origin],
    dataMask: { 'NATIVE_FILTER-o': filterDataMask(origin, ['SEA']) },
    chartConfiguration: {},
    crossFiltersEnabled: true,
    charts: {
      1: { chartId: 1, datasetId: 7, columns: new Set(['origin', 'dest', 'delay']) },
      2: { chartId: 2, datasetId: 7, columns: new Set(['origin', 'dest', 'delay']) },
      3: { chartId: 3, datasetId: 9, columns: new Set(['origin', 'name']) },
    },
    ...extra,
  };
}

describe('issue 13: the masks that reach a chart, merged', () => {
  it('a native filter reaches the charts in its scope only', () => {
    const state = dashboard();
    expect(chartExtraFormData(state, 1).extraFormData.filters).toEqual([{ col: 'origin', op: 'IN', val: ['SEA'] }]);
    expect(chartExtraFormData(state, 3).extraFormData).toEqual({});
  });
  it('a cross-filter reaches the other charts, never its own; off when cross-filters are disabled', () => {
    const state = dashboard({ dataMask: { '1': crossFilterDataMask(1, { dest: ['LAX'] }) } });
    expect(chartExtraFormData(state, 1).extraFormData).toEqual({});
    expect(chartExtraFormData(state, 2).extraFormData.filters).toEqual([{ col: 'dest', op: 'IN', val: ['LAX'] }]);
    expect(chartExtraFormData({ ...state, crossFiltersEnabled: false }, 2).extraFormData).toEqual({});
  });
  it('beyond the peer: a cross-filter reaches another dataset only through a column of the same name, unless the chart opts out', () => {
    const state = dashboard({ dataMask: { '1': crossFilterDataMask(1, { origin: ['SEA'] }) } });
    expect(chartExtraFormData(state, 3).crossFilterChartIds).toEqual([1]);
    const other = dashboard({ dataMask: { '1': crossFilterDataMask(1, { dest: ['LAX'] }) } });
    expect(chartExtraFormData(other, 3).extraFormData).toEqual({});
    const optedOut = {
      ...state,
      chartConfiguration: { '1': { id: 1, crossFilters: { scope: 'global' as const, matchOtherDatasets: false } } },
    };
    expect(chartExtraFormData(optedOut, 3).extraFormData).toEqual({});
  });
  it('chart_configuration narrows where a chart cross-filters; global_chart_configuration applies otherwise', () => {
    const scoped = dashboard({
      chartConfiguration: { '1': { id: 1, crossFilters: { scope: { rootPath: ['t1'], excluded: [] }, chartsInScope: [1, 2] } } },
    });
    expect(crossFilterChartsInScope(scoped, 1)).toEqual([2]);
    const global = dashboard({ globalChartConfiguration: { scope: { rootPath: ['ROOT_ID'], excluded: [2] }, chartsInScope: [1, 3] } });
    expect(crossFilterChartsInScope(global, 1)).toEqual([3]);
  });
  it('a required filter without a value holds the charts it reaches', () => {
    const f = withScopeComputed(layout, selectFilter('NATIVE_FILTER-q', 'origin', { controlValues: { enableEmptyFilter: true } }));
    expect([...chartsHeldByRequiredFilters([f], {})]).toEqual([1, 2, 3]);
    expect([...chartsHeldByRequiredFilters([f], { [f.id]: filterDataMask(f, ['SEA']) })]).toEqual([]);
  });
  it('indicators: applied, unset, incompatible (column not in the dataset) and cross-filters', () => {
    const dest = withScopeComputed(layout, selectFilter('NATIVE_FILTER-d', 'dest'));
    const base = dashboard();
    const state = {
      ...base,
      filters: [...base.filters, dest],
      dataMask: { ...base.dataMask, '2': crossFilterDataMask(2, { origin: ['SFO'] }) },
    };
    const on1 = chartFilterIndicators(state, 1, { chartName: (id) => `Chart ${id}` });
    expect(on1.map((i) => [i.name, i.status, i.value])).toEqual([
      ['origin', 'applied', 'SEA'],
      ['dest', 'unset', ''],
      ['Chart 2', 'applied', 'SFO'],
    ]);
    const withDest = { ...state, dataMask: { ...state.dataMask, [dest.id]: filterDataMask(dest, ['LAX']) } };
    expect(chartFilterIndicators(withDest, 3).find((i) => i.id === dest.id)?.status).toBe('incompatible');
  });
});

describe('issue 13: cascading filters', () => {
  const country = selectFilter('NATIVE_FILTER-c', 'country');
  const city = selectFilter('NATIVE_FILTER-y', 'city', { cascadeParentIds: ['NATIVE_FILTER-c'] });
  const street = selectFilter('NATIVE_FILTER-s', 'street', { cascadeParentIds: ['NATIVE_FILTER-y'] });
  const all = [country, city, street];
  it('ancestors, and no filter may become its own ancestor', () => {
    expect(ancestorFilterIds(all, street.id)).toEqual([city.id, country.id]);
    expect(wouldCreateCycle(all, country.id, street.id)).toBe(true);
    expect(wouldCreateCycle(all, street.id, country.id)).toBe(false);
    expect(possibleParentFilters(all, country.id).map((f) => f.id)).toEqual([]);
  });
  it("a parent's applied value narrows the child's options query", () => {
    const mask = { [country.id]: filterDataMask(country, ['France']) };
    const extra = parentExtraFormData(all, mask, street.id);
    expect(extra.filters).toEqual([{ col: 'country', op: 'IN', val: ['France'] }]);
    const qc = filterOptionsQueryContext(city, { parentExtraFormData: extra, search: 'par' });
    expect(qc?.datasource).toEqual({ id: 7, type: 'table' });
    expect(qc?.queries[0].columns).toEqual(['city']);
    expect(qc?.queries[0].filters).toEqual(
      expect.arrayContaining([
        { col: 'country', op: 'IN', val: ['France'], isExtra: true },
        { col: 'city', op: 'ILIKE', val: '%par%' },
      ]),
    );
  });
  it('a range filter asks for the min and max of its column', () => {
    const qc = filterOptionsQueryContext({ ...selectFilter('NATIVE_FILTER-r', 'delay'), filterType: 'filter_range' });
    expect(qc?.queries[0].metrics?.map((m) => (typeof m === 'string' ? m : m.label))).toEqual(['min', 'max']);
  });
});

describe('issue 13 part 6: the filtered view in the address', () => {
  const origin = selectFilter('NATIVE_FILTER-o', 'origin');
  it('values restore through the filter configuration; unknown filters and charts are ignored', () => {
    const restored = restoreDataMask(
      {
        'NATIVE_FILTER-o': { filterState: { value: ['SEA'] }, extraFormData: { filters: [{ col: 'password', op: 'IN', val: ['x'] }] } },
        'NATIVE_FILTER-gone': { filterState: { value: ['x'] } },
        '2': { filterState: { filters: { dest: ['LAX'] } } },
        '99': { filterState: { filters: { dest: ['LAX'] } } },
      },
      [origin],
      new Set([1, 2]),
    );
    expect(Object.keys(restored).sort()).toEqual(['2', 'NATIVE_FILTER-o']);
    // the column comes from the configuration, never from the address
    expect(restored['NATIVE_FILTER-o'].extraFormData.filters).toEqual([{ col: 'origin', op: 'IN', val: ['SEA'] }]);
    expect(restored['2'].extraFormData.filters).toEqual([{ col: 'dest', op: 'IN', val: ['LAX'] }]);
  });
  it('storage keeps cleared native filters (their default must not come back) and set cross-filters', () => {
    const stored = dataMaskForStorage({
      'NATIVE_FILTER-o': filterDataMask(origin, []),
      '3': crossFilterDataMask(3, null),
      '4': crossFilterDataMask(4, { dest: ['LAX'] }),
    });
    expect(Object.keys(stored).sort()).toEqual(['4', 'NATIVE_FILTER-o']);
  });
});
