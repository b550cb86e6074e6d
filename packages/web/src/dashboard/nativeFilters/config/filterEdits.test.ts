import { describe, expect, it } from 'vitest';
import { TIME_GRAINS, type NativeFilter } from '@rama/shared';
import { flights } from '../../../explore/controls/testDatasource';
import { gridLayout, tabsLayout } from '../../state/testLayouts';
import {
  columnChoices,
  defaultValueOf,
  newDivider,
  newDividerId,
  newFilterId,
  newNativeFilter,
  setColumn,
  setControlValue,
  setDataset,
  setDefaultValue,
  setFilterType,
  setScopeCharts,
  timeGrainChoices,
} from './filterEdits';

const origin = (extra: Partial<NativeFilter> = {}): NativeFilter => ({
  ...newNativeFilter(gridLayout(), 'NATIVE_FILTER-a'),
  name: 'Origin',
  targets: [{ datasetId: 3, column: { name: 'origin' } }],
  ...extra,
});

describe('spec 3 "Native filter": ids and new items', () => {
  it('new ids are the prefix and 10 url-safe characters', () => {
    expect(newFilterId()).toMatch(/^NATIVE_FILTER-[A-Za-z0-9_-]{10}$/);
    expect(newDividerId()).toMatch(/^NATIVE_FILTER_DIVIDER-[A-Za-z0-9_-]{10}$/);
    expect(newFilterId((n) => new Uint8Array(n).fill(255))).toBe('NATIVE_FILTER-__________');
    expect(newFilterId()).not.toBe(newFilterId());
  });

  it('a new filter is a value filter without a name, selecting several values, on the whole dashboard', () => {
    const f = newNativeFilter(gridLayout(), 'NATIVE_FILTER-n');
    expect(f).toMatchObject({
      type: 'NATIVE_FILTER',
      name: '',
      filterType: 'filter_select',
      controlValues: { multiSelect: true, enableEmptyFilter: false },
      cascadeParentIds: [],
      scope: { rootPath: ['ROOT_ID'], excluded: [] },
      chartsInScope: [1, 2],
    });
    expect(newDivider('NATIVE_FILTER_DIVIDER-d')).toEqual({ id: 'NATIVE_FILTER_DIVIDER-d', type: 'DIVIDER', title: '', description: '' });
  });
});

describe('what a field change does to the rest of the filter', () => {
  it('a new type keeps the dataset, keeps the column only if the type reads one, and resets options and the default', () => {
    const f = origin({
      controlValues: { multiSelect: false, enableEmptyFilter: true },
      cascadeParentIds: ['NATIVE_FILTER-p'],
      sortMetric: 'count',
      defaultDataMask: { extraFormData: {}, filterState: { value: ['SEA'] }, ownState: {} },
    });
    const range = setFilterType(f, 'filter_range');
    expect(range).toMatchObject({ targets: [{ datasetId: 3, column: { name: 'origin' } }], controlValues: { enableEmptyFilter: true } });
    expect(range.cascadeParentIds).toEqual([]);
    expect(range.sortMetric).toBeUndefined();
    expect(range.defaultDataMask.filterState).toEqual({});
    const time = setFilterType(f, 'filter_time');
    expect(time.targets).toEqual([{ datasetId: 3 }]);
    expect(setFilterType(f, 'filter_select')).toBe(f);
  });

  it('another dataset drops the column, the pre-filter, the sort metric and the default value', () => {
    const f = origin({
      adhoc_filters: [{ expressionType: 'SQL', sqlExpression: '1=1', clause: 'WHERE' }],
      sortMetric: 'count',
      defaultDataMask: { extraFormData: {}, filterState: { value: ['SEA'] }, ownState: {} },
    });
    const next = setDataset(f, 9);
    expect(next.targets).toEqual([{ datasetId: 9 }]);
    expect(next.adhoc_filters).toBeUndefined();
    expect(next.sortMetric).toBeUndefined();
    expect(next.defaultDataMask.filterState).toEqual({});
    expect(setDataset(f, null).targets).toEqual([]);
  });

  it('another column clears the default value', () => {
    const f = setDefaultValue(origin(), ['SEA']);
    const next = setColumn(f, 'dest');
    expect(next.targets).toEqual([{ datasetId: 3, column: { name: 'dest' } }]);
    expect(defaultValueOf(next)).toBeUndefined();
  });

  it('a default value is stored as the mask it gives; inverse selection turns IN into NOT IN', () => {
    const f = setDefaultValue(origin(), ['SEA']);
    expect(f.defaultDataMask).toEqual({
      extraFormData: { filters: [{ col: 'origin', op: 'IN', val: ['SEA'] }] },
      filterState: { value: ['SEA'], label: 'SEA' },
      ownState: {},
    });
    expect(setControlValue(f, 'inverseSelection', true).defaultDataMask.extraFormData).toEqual({
      filters: [{ col: 'origin', op: 'NOT IN', val: ['SEA'] }],
    });
    const grain = setDefaultValue(origin({ filterType: 'filter_timegrain', targets: [{ datasetId: 3 }] }), 'P1M');
    expect(defaultValueOf(grain)).toBe('P1M');
  });

  it('"Select first filter value by default" replaces the default value (requiredFirst); one value stays for a single-value filter', () => {
    const f = setDefaultValue(origin(), ['SEA', 'LAX']);
    const first = setControlValue(f, 'defaultToFirstItem', true);
    expect(first.requiredFirst).toBe(true);
    expect(defaultValueOf(first)).toBeUndefined();
    expect(setControlValue(first, 'defaultToFirstItem', false).requiredFirst).toBeUndefined();
    expect(defaultValueOf(setControlValue(f, 'multiSelect', false))).toEqual(['SEA']);
  });

  it('the charts picked in the scoping tree become the scope: the whole dashboard minus the others', () => {
    const next = setScopeCharts(tabsLayout(), origin(), [1, 3]);
    expect(next.scope).toEqual({ rootPath: ['ROOT_ID'], excluded: [4] });
    expect(next.chartsInScope).toEqual([1, 3]);
    expect(next.tabsInScope).toEqual(['TAB-1', 'TAB-2', 'TAB-2a']);
  });
});

describe('choices', () => {
  it('a numerical range offers numeric columns only; a value filter the filterable ones', () => {
    expect(columnChoices(flights, 'filter_range').map((c) => c.column_name)).toEqual(['dep_delay']);
    expect(columnChoices(flights, 'filter_select').map((c) => c.column_name)).toEqual(['origin', 'dep_delay', 'flight_date', 'cancelled']);
    expect(columnChoices(flights, 'filter_time')).toEqual([]);
  });

  it("time grains are the dataset engine's, else every grain", () => {
    expect(timeGrainChoices({ ...flights, time_grain_sqla: [['P1D', 'Day']] })).toEqual([{ value: 'P1D', label: 'Day' }]);
    expect(timeGrainChoices(undefined)).toHaveLength(TIME_GRAINS.length);
  });
});
