/**
 * Filter boxes as native filters (issue 31 item 2), as the BI server's native filter upgrade
 * converts them: one filter per field, defaults from `default_filters`, scopes from
 * `filter_scopes` (else the legacy immune lists), cascades between boxes. The fixture is a filter
 * box with the BI server's documented keys, on a dashboard like its video game sales example.
 */
import { describe, expect, it } from 'vitest';
import { validateNativeFilterConfiguration } from '../../filters/changes.js';
import type { NativeFilter } from '../../filters/types.js';
import {
  MAX_FILTER_BOX_FIELDS,
  filterBoxToNativeFilters,
  filterBoxesToNativeFilters,
  randomFilterId,
  type LegacyFilterMetadata,
} from './filterBox.js';

const BOX = 10;
const DATASET = 3;
const AFTER_2000 = { expressionType: 'SQL', sqlExpression: 'year > 2000', clause: 'WHERE' };

const box = {
  viz_type: 'filter_box',
  datasource: `${DATASET}__table`,
  filter_configs: [
    {
      column: 'platform',
      label: 'Platform',
      multiple: true,
      defaultValue: 'Wii;PS3',
      clearable: true,
      searchAllOptions: true,
      metric: 'count',
      asc: false,
    },
    { column: 'genre', multiple: false, clearable: false },
  ],
  date_filter: true,
  time_range: 'Last year',
  granularity_sqla: 'release_date',
  show_sqla_time_column: true,
  show_sqla_time_granularity: true,
  time_grain_sqla: 'P1Y',
  adhoc_filters: [AFTER_2000],
};

const metadata: LegacyFilterMetadata = {
  default_filters: JSON.stringify({ [BOX]: { platform: ['X360'], __time_range: 'Last quarter' } }),
  filter_scopes: {
    [BOX]: {
      platform: { scope: ['TAB-sales'], immune: [11, 12] },
      genre: { scope: ['ROOT_ID'], immune: [] },
    },
  },
};

function counter(): () => string {
  let n = 0;
  return () => `f${++n}`;
}

const byName = (filters: NativeFilter[], name: string): NativeFilter => {
  const f = filters.find((x) => x.name === name);
  if (!f) throw new Error(`no filter ${name}`);
  return f;
};

describe('filterBoxToNativeFilters', () => {
  const filters = filterBoxToNativeFilters(box, metadata, BOX, DATASET, { newId: counter() });

  it('makes one filter per field, value filters first (the BI server’s order by filter type)', () => {
    expect(filters.map((f) => [f.filterType, f.name])).toEqual([
      ['filter_select', 'Platform'],
      ['filter_select', 'genre'],
      ['filter_time', 'Time Range'],
      ['filter_timecolumn', 'Time Column'],
      ['filter_timegrain', 'Time Grain'],
    ]);
    for (const f of filters) expect(f.id).toMatch(/^NATIVE_FILTER-f\d$/);
    expect(new Set(filters.map((f) => f.id)).size).toBe(5);
  });

  it('value filter: column target, multiple, clearable, sort metric and the box’s own filters', () => {
    const platform = byName(filters, 'Platform');
    expect(platform.targets).toEqual([{ column: { name: 'platform' }, datasetId: DATASET }]);
    expect(platform.controlValues).toEqual({
      defaultToFirstItem: false,
      enableEmptyFilter: false,
      inverseSelection: false,
      multiSelect: true,
      searchAllOptions: true,
      sortAscending: false,
    });
    expect(platform.sortMetric).toBe('count');
    expect(platform.adhoc_filters).toEqual([AFTER_2000]);
    expect(platform.time_range).toBe('Last year');
    expect(platform.granularity_sqla).toBe('release_date');
    expect(byName(filters, 'genre').controlValues).toMatchObject({ enableEmptyFilter: true, multiSelect: false });
  });

  it('takes the default from default_filters before the box’s own defaultValue', () => {
    expect(byName(filters, 'Platform').defaultDataMask).toMatchObject({
      extraFormData: { filters: [{ col: 'platform', op: 'IN', val: ['X360'] }] },
      filterState: { value: ['X360'] },
    });
    expect(byName(filters, 'genre').defaultDataMask).toEqual({ extraFormData: {}, filterState: {}, ownState: {} });
    expect(byName(filters, 'Time Range').defaultDataMask).toMatchObject({
      extraFormData: { time_range: 'Last quarter' },
      filterState: { value: 'Last quarter' },
    });
    expect(byName(filters, 'Time Column').defaultDataMask).toMatchObject({
      extraFormData: { granularity_sqla: 'release_date' },
      filterState: { value: ['release_date'] },
    });
    expect(byName(filters, 'Time Grain').defaultDataMask).toMatchObject({
      extraFormData: { time_grain_sqla: 'P1Y' },
      filterState: { value: ['P1Y'] },
    });
  });

  it('splits a multiple filter’s defaultValue on ";" when the dashboard has no default', () => {
    const [platform] = filterBoxToNativeFilters(box, {}, BOX, DATASET);
    expect(platform.defaultDataMask.filterState.value).toEqual(['Wii', 'PS3']);
    expect(platform.defaultDataMask.extraFormData.filters).toEqual([{ col: 'platform', op: 'IN', val: ['Wii', 'PS3'] }]);
    const single = filterBoxToNativeFilters({ filter_configs: [{ column: 'genre', defaultValue: 'Action' }] }, {}, BOX, DATASET);
    expect(single[0].defaultDataMask.filterState.value).toEqual(['Action']);
  });

  it('gives a time range of "No filter" no default', () => {
    const f = filterBoxToNativeFilters({ date_filter: true, time_range: 'No filter' }, {}, BOX, DATASET);
    expect(f).toHaveLength(1);
    expect(f[0]).toMatchObject({ filterType: 'filter_time', targets: [{}] });
    expect(f[0].defaultDataMask.extraFormData).toEqual({});
  });

  it('turns filter_scopes into root paths and excluded charts', () => {
    expect(byName(filters, 'Platform').scope).toEqual({ rootPath: ['TAB-sales'], excluded: [11, 12] });
    expect(byName(filters, 'genre').scope).toEqual({ rootPath: ['ROOT_ID'], excluded: [] });
    // fields without a dashboard scope reach everything
    expect(byName(filters, 'Time Range').scope).toEqual({ rootPath: ['ROOT_ID'], excluded: [] });
  });

  it('falls back to the legacy immune lists, and never excludes a filter box', () => {
    const legacy: LegacyFilterMetadata = { filter_immune_slices: [20, 30], filter_immune_slice_fields: { '21': ['genre'] } };
    const f = filterBoxToNativeFilters(box, legacy, BOX, DATASET, { filterBoxIds: [BOX, 30] });
    expect(byName(f, 'Platform').scope).toEqual({ rootPath: ['ROOT_ID'], excluded: [20] });
    expect(byName(f, 'genre').scope.excluded.sort()).toEqual([20, 21]);
  });

  it('is a configuration the dashboard’s native filter validation accepts', () => {
    expect(validateNativeFilterConfiguration(filters).errors).toEqual([]);
    expect(validateNativeFilterConfiguration(filterBoxToNativeFilters(box, metadata, BOX, DATASET)).errors).toEqual([]);
  });

  it('reads default_filters stored as an object too, and ignores unreadable metadata', () => {
    const asObject = filterBoxToNativeFilters(box, { default_filters: { [BOX]: { genre: 'Action' } } }, BOX, DATASET);
    expect(byName(asObject, 'genre').defaultDataMask.filterState.value).toEqual(['Action']);
    const broken = filterBoxToNativeFilters(box, { default_filters: '{not json', filter_scopes: 'nope' }, BOX, DATASET);
    expect(broken).toHaveLength(5);
  });

  it('makes nothing of a box without fields or form data', () => {
    expect(filterBoxToNativeFilters({ viz_type: 'filter_box' }, metadata, BOX, DATASET)).toEqual([]);
    expect(filterBoxToNativeFilters(null, metadata, BOX, DATASET)).toEqual([]);
  });

  it(`converts at most ${MAX_FILTER_BOX_FIELDS} fields of one box`, () => {
    const many = { filter_configs: Array.from({ length: 300 }, (_, i) => ({ column: `c${i}` })) };
    expect(filterBoxToNativeFilters(many, {}, BOX, DATASET)).toHaveLength(MAX_FILTER_BOX_FIELDS);
  });

  it('draws random ids of nine letters and digits', () => {
    expect(randomFilterId()).toMatch(/^[A-Za-z0-9]{9}$/);
    const constant = filterBoxToNativeFilters(box, metadata, BOX, DATASET, { newId: () => 'same' });
    expect(new Set(constant.map((f) => f.id)).size).toBe(constant.length);
  });
});

describe('filterBoxesToNativeFilters', () => {
  const region = { viz_type: 'filter_box', filter_configs: [{ column: 'region', multiple: true }], date_filter: true };
  const country = { viz_type: 'filter_box', filter_configs: [{ column: 'country', multiple: true }] };
  const layout = {
    ROOT_ID: { type: 'ROOT', id: 'ROOT_ID', children: ['GRID_ID'] },
    GRID_ID: { type: 'GRID', id: 'GRID_ID', children: ['ROW-1'], parents: ['ROOT_ID'] },
    'ROW-1': { type: 'ROW', id: 'ROW-1', children: ['CHART-a', 'CHART-b'], parents: ['ROOT_ID', 'GRID_ID'] },
    'CHART-a': { type: 'CHART', id: 'CHART-a', meta: { chartId: 40 }, parents: ['ROOT_ID', 'GRID_ID', 'ROW-1'] },
    'CHART-b': { type: 'CHART', id: 'CHART-b', meta: { chartId: 41 }, parents: ['ROOT_ID', 'GRID_ID', 'ROW-1'] },
  };
  const boxes = [
    { chartId: 40, datasetId: DATASET, formData: region },
    { chartId: 41, datasetId: DATASET, formData: country },
  ];

  it('makes a box’s value filters follow the other boxes that reach it, the later box following the earlier (no circle)', () => {
    const filters = filterBoxesToNativeFilters(boxes, {}, layout, { newId: counter() });
    const regionFilter = byName(filters, 'region');
    const countryFilter = byName(filters, 'country');
    const time = byName(filters, 'Time Range');
    expect(countryFilter.cascadeParentIds.sort()).toEqual([regionFilter.id, time.id].sort());
    expect(regionFilter.cascadeParentIds).toEqual([]);
    expect(validateNativeFilterConfiguration(filters).errors).toEqual([]);
  });

  it('cuts a circle of three boxes that each reach only the next', () => {
    const three = [40, 41, 42].map((chartId, i) => ({ chartId, datasetId: DATASET, formData: { filter_configs: [{ column: `c${i}` }] } }));
    const place = (id: number, tab: string) => ({ type: 'CHART', id: `CHART-${id}`, meta: { chartId: id }, parents: ['ROOT_ID', tab] });
    const tabs = { 'CHART-40': place(40, 'TAB-a'), 'CHART-41': place(41, 'TAB-b'), 'CHART-42': place(42, 'TAB-c') };
    // 40 reaches 41 (TAB-b), 41 reaches 42 (TAB-c), 42 reaches 40 (TAB-a)
    const scopes = {
      filter_scopes: {
        40: { c0: { scope: ['TAB-b'], immune: [] } },
        41: { c1: { scope: ['TAB-c'], immune: [] } },
        42: { c2: { scope: ['TAB-a'], immune: [] } },
      },
    };
    const filters = filterBoxesToNativeFilters(three, scopes, tabs, { newId: counter() });
    const links = filters.reduce((n, f) => n + f.cascadeParentIds.length, 0);
    expect(links).toBe(2);
    expect(validateNativeFilterConfiguration(filters).errors).toEqual([]);
  });

  it('does not cascade into a box the other box is immune to or does not reach', () => {
    const immune = {
      filter_scopes: { 40: { region: { scope: ['ROOT_ID'], immune: [41] }, __time_range: { scope: ['TAB-x'], immune: [] } } },
    };
    const filters = filterBoxesToNativeFilters(boxes, immune, layout, { newId: counter() });
    expect(byName(filters, 'country').cascadeParentIds).toEqual([]);
    // a box's immunity to another box is not an excluded chart
    expect(byName(filters, 'region').scope.excluded).toEqual([]);
  });
});
