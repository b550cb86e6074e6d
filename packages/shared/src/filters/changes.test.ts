import { describe, expect, it } from 'vitest';
import {
  NATIVE_FILTER_CONFIG_MESSAGES as M,
  applyFilterChanges,
  computeFilterChanges,
  hasFilterChanges,
  validateNativeFilterConfiguration,
} from './changes.js';
import type { FilterConfigItem, FilterDivider, NativeFilter } from './types.js';

const filter = (id: string, extra: Partial<NativeFilter> = {}): NativeFilter => ({
  id: `NATIVE_FILTER-${id}`,
  type: 'NATIVE_FILTER',
  name: `Filter ${id}`,
  filterType: 'filter_select',
  targets: [{ datasetId: 7, column: { name: id } }],
  controlValues: { multiSelect: true },
  defaultDataMask: { extraFormData: {}, filterState: {}, ownState: {} },
  cascadeParentIds: [],
  scope: { rootPath: ['ROOT_ID'], excluded: [] },
  description: '',
  ...extra,
});
const divider = (id: string): FilterDivider => ({
  id: `NATIVE_FILTER_DIVIDER-${id}`,
  type: 'DIVIDER',
  title: `Section ${id}`,
  description: '',
});
const ids = (config: FilterConfigItem[]) => config.map((f) => f.id);

describe('spec 7 "PUT /api/v1/dashboard/{id}/filters: filter changes" — applied as the BI server applies them', () => {
  const before = [filter('a'), filter('b'), divider('d'), filter('c')];

  it('deleted ids leave the list', () => {
    expect(ids(applyFilterChanges(before, { modified: [], deleted: ['NATIVE_FILTER-b'], reordered: [] }))).toEqual([
      'NATIVE_FILTER-a',
      'NATIVE_FILTER_DIVIDER-d',
      'NATIVE_FILTER-c',
    ]);
  });

  it('a modified item replaces the one with its id in place; a new one is appended', () => {
    const renamed = filter('b', { name: 'Carrier' });
    const next = applyFilterChanges(before, { modified: [filter('n'), renamed], deleted: [], reordered: [] });
    expect(ids(next)).toEqual(['NATIVE_FILTER-a', 'NATIVE_FILTER-b', 'NATIVE_FILTER_DIVIDER-d', 'NATIVE_FILTER-c', 'NATIVE_FILTER-n']);
    expect(next[1]).toBe(renamed);
    expect(before[1]).toMatchObject({ name: 'Filter b' });
  });

  it('reordered gives the order; ids it does not name keep their order at the end; unknown ids are ignored', () => {
    const next = applyFilterChanges(before, {
      modified: [filter('n')],
      deleted: [],
      reordered: ['NATIVE_FILTER-c', 'NATIVE_FILTER-gone', 'NATIVE_FILTER-a'],
    });
    expect(ids(next)).toEqual(['NATIVE_FILTER-c', 'NATIVE_FILTER-a', 'NATIVE_FILTER-b', 'NATIVE_FILTER_DIVIDER-d', 'NATIVE_FILTER-n']);
  });

  it('an id both deleted and modified stays deleted; a deleted parent leaves its children’s cascadeParentIds', () => {
    const child = filter('c', { cascadeParentIds: ['NATIVE_FILTER-a', 'NATIVE_FILTER-b'] });
    const next = applyFilterChanges([filter('a'), filter('b'), child], {
      modified: [filter('b', { name: 'x' }), filter('z')],
      deleted: ['NATIVE_FILTER-b', 'NATIVE_FILTER-z'],
      reordered: [],
    });
    expect(ids(next)).toEqual(['NATIVE_FILTER-a', 'NATIVE_FILTER-c']);
    expect((next[1] as NativeFilter).cascadeParentIds).toEqual(['NATIVE_FILTER-a']);
    expect(child.cascadeParentIds).toEqual(['NATIVE_FILTER-a', 'NATIVE_FILTER-b']);
  });

  it('no changes leave the list as it is', () => {
    expect(applyFilterChanges(before, { modified: [], deleted: [], reordered: [] })).toEqual(before);
  });
});

describe('spec 5 "Native filter form": what the config modal sends on save', () => {
  const before = [filter('a'), filter('b'), divider('d')];

  it('modified holds new and changed items whole, deleted the ids that are gone', () => {
    const after = [filter('a'), filter('b', { controlValues: { multiSelect: false } }), filter('n')];
    const changes = computeFilterChanges(before, after);
    expect(changes).toEqual({ modified: [after[1], after[2]], deleted: ['NATIVE_FILTER_DIVIDER-d'], reordered: [] });
    expect(applyFilterChanges(before, changes)).toEqual(after);
  });

  it('key order alone is not a change', () => {
    const { id, type, name, ...rest } = filter('a');
    const same = { ...rest, name, type, id } as NativeFilter;
    expect(computeFilterChanges(before, [same, filter('b'), divider('d')]).modified).toEqual([]);
  });

  it('reordered is every id of the new list when the remaining ones moved', () => {
    const after = [divider('d'), filter('a'), filter('b')];
    const changes = computeFilterChanges(before, after);
    expect(changes).toEqual({ modified: [], deleted: [], reordered: ids(after) });
    expect(applyFilterChanges(before, changes)).toEqual(after);
  });

  it('a new filter placed before old ones is sent with the order too', () => {
    const after = [filter('n'), filter('a'), filter('b'), divider('d')];
    const changes = computeFilterChanges(before, after);
    expect(changes.reordered).toEqual(ids(after));
    expect(applyFilterChanges(before, changes)).toEqual(after);
  });

  it('saving skips the update if every change list is empty', () => {
    const none = computeFilterChanges(before, [filter('a'), filter('b'), divider('d')]);
    expect(none).toEqual({ modified: [], deleted: [], reordered: [] });
    expect(hasFilterChanges(none)).toBe(false);
    expect(hasFilterChanges({ modified: [], deleted: ['x'], reordered: [] })).toBe(true);
    expect(hasFilterChanges({ modified: [], deleted: [], reordered: ['x'] })).toBe(true);
    expect(hasFilterChanges({ modified: [filter('a')], deleted: [], reordered: [] })).toBe(true);
  });
});

describe('spec 3 "Native filter": the stored list', () => {
  it('accepts the api-shapes example as it is', () => {
    const example = {
      id: 'NATIVE_FILTER-abc123',
      name: 'Origin',
      type: 'NATIVE_FILTER',
      filterType: 'filter_select',
      targets: [{ datasetId: 7, column: { name: 'origin' } }],
      controlValues: { multiSelect: true, enableEmptyFilter: false },
      defaultDataMask: {
        extraFormData: { filters: [{ col: 'origin', op: 'IN', val: ['SEA'] }] },
        filterState: { value: ['SEA'] },
        ownState: {},
      },
      cascadeParentIds: [],
      scope: { rootPath: ['ROOT_ID'], excluded: [] },
      chartsInScope: [10, 11],
      tabsInScope: [],
      description: '',
      requiredFirst: false,
    };
    expect(validateNativeFilterConfiguration([example])).toEqual({ config: [example], errors: [] });
  });

  it('fills the optional fields with their defaults and keeps unknown ones', () => {
    const { config, errors } = validateNativeFilterConfiguration([
      { id: 'NATIVE_FILTER-1', type: 'NATIVE_FILTER', name: 'Origin', filterType: 'filter_select', targets: [{}], custom: 1 },
      {
        id: 'NATIVE_FILTER-2',
        type: 'NATIVE_FILTER',
        name: 'Dest',
        filterType: 'filter_select',
        targets: [],
        defaultDataMask: { filterState: { value: ['x'] } },
      },
      { id: 'NATIVE_FILTER_DIVIDER-3', type: 'DIVIDER', title: 'Where' },
    ]);
    expect(errors).toEqual([]);
    expect(config[0]).toEqual({
      id: 'NATIVE_FILTER-1',
      type: 'NATIVE_FILTER',
      name: 'Origin',
      filterType: 'filter_select',
      targets: [{}],
      custom: 1,
      controlValues: {},
      defaultDataMask: { extraFormData: {}, filterState: {}, ownState: {} },
      cascadeParentIds: [],
      scope: { rootPath: ['ROOT_ID'], excluded: [] },
      description: '',
    });
    expect((config[1] as NativeFilter).defaultDataMask).toEqual({ extraFormData: {}, filterState: { value: ['x'] }, ownState: {} });
    expect(config[2]).toEqual({ id: 'NATIVE_FILTER_DIVIDER-3', type: 'DIVIDER', title: 'Where', description: '' });
  });

  it('an item without a type takes the one its id prefix names (filters saved before types existed)', () => {
    const { config, errors } = validateNativeFilterConfiguration([
      { id: 'NATIVE_FILTER-1', name: 'Origin', filterType: 'filter_select', targets: [] },
      { id: 'NATIVE_FILTER_DIVIDER-2', title: 'Section' },
    ]);
    expect(errors).toEqual([]);
    expect(config.map((c) => c.type)).toEqual(['NATIVE_FILTER', 'DIVIDER']);
  });

  it('id prefixes: NATIVE_FILTER- for filters, NATIVE_FILTER_DIVIDER- for dividers; ids are unique', () => {
    const { errors } = validateNativeFilterConfiguration([
      { id: 'FILTER-1', type: 'NATIVE_FILTER', name: 'a', filterType: 'filter_select', targets: [] },
      { id: 'NATIVE_FILTER-2', type: 'DIVIDER', title: 't' },
      { id: 'NATIVE_FILTER-3', type: 'NATIVE_FILTER', name: 'a', filterType: 'filter_select', targets: [] },
      { id: 'NATIVE_FILTER-3', type: 'NATIVE_FILTER', name: 'b', filterType: 'filter_select', targets: [] },
      { id: 'NATIVE_FILTER-4', type: 'CHART' },
      { name: 'no id' },
      'text',
    ]);
    expect(errors).toEqual([
      M.badPrefix('Filter "FILTER-1"', 'NATIVE_FILTER-'),
      M.badPrefix('Filter "NATIVE_FILTER-2"', 'NATIVE_FILTER_DIVIDER-'),
      M.duplicateId('NATIVE_FILTER-3'),
      M.badType('Filter "NATIVE_FILTER-4"'),
      M.noId('Filter 6'),
      M.notAnObject('Filter 7'),
    ]);
  });

  it('a filter needs a name, a filterType and a list of targets; a divider a title; each field its type', () => {
    const { errors } = validateNativeFilterConfiguration([
      {
        id: 'NATIVE_FILTER-1',
        type: 'NATIVE_FILTER',
        name: ' ',
        targets: [{ datasetId: 'seven' }, { column: 'origin' }],
        controlValues: [],
        defaultDataMask: { filterState: 'x' },
        cascadeParentIds: [1],
        scope: { rootPath: 'ROOT_ID', excluded: [] },
        chartsInScope: ['a'],
        tabsInScope: [1],
        description: 5,
      },
      { id: 'NATIVE_FILTER-2', type: 'NATIVE_FILTER', name: 'x', filterType: 'filter_select' },
      { id: 'NATIVE_FILTER_DIVIDER-3', type: 'DIVIDER' },
    ]);
    const at = 'Filter "NATIVE_FILTER-1"';
    expect(errors).toEqual([
      M.required(at, 'name'),
      M.required(at, 'filterType'),
      M.badTarget(at, 1),
      M.badTarget(at, 2),
      M.notObject(at, 'controlValues'),
      M.notObject(at, 'defaultDataMask.filterState'),
      M.badTextList(at, 'cascadeParentIds'),
      M.badScope(at),
      M.badChartIds(at, 'chartsInScope'),
      M.badTextList(at, 'tabsInScope'),
      M.notText(at, 'description'),
      M.notList('Filter "NATIVE_FILTER-2"', 'targets'),
      M.required('Filter "NATIVE_FILTER_DIVIDER-3"', 'title'),
    ]);
  });

  it('cascadeParentIds name other filters of the list, never the filter itself, without circles', () => {
    const f = (id: string, parents: string[]) => ({
      id: `NATIVE_FILTER-${id}`,
      type: 'NATIVE_FILTER',
      name: id,
      filterType: 'filter_select',
      targets: [],
      cascadeParentIds: parents.map((p) => `NATIVE_FILTER-${p}`),
    });
    expect(validateNativeFilterConfiguration([f('a', []), f('b', ['a']), f('c', ['a', 'b'])]).errors).toEqual([]);
    expect(validateNativeFilterConfiguration([f('a', ['a'])]).errors).toEqual([M.selfParent('Filter "NATIVE_FILTER-a"')]);
    expect(validateNativeFilterConfiguration([f('a', ['x'])]).errors).toEqual([
      M.unknownParent('Filter "NATIVE_FILTER-a"', 'NATIVE_FILTER-x'),
    ]);
    // a divider is not a filter a value can come from
    expect(validateNativeFilterConfiguration([f('a', ['d']), { id: 'NATIVE_FILTER-d', type: 'DIVIDER', title: 'd' }]).errors).toContain(
      M.unknownParent('Filter "NATIVE_FILTER-a"', 'NATIVE_FILTER-d'),
    );
    expect(validateNativeFilterConfiguration([f('a', ['c']), f('b', ['a']), f('c', ['b']), f('d', ['a'])]).errors).toEqual([
      M.cycle(['NATIVE_FILTER-a', 'NATIVE_FILTER-c', 'NATIVE_FILTER-b', 'NATIVE_FILTER-a']),
    ]);
  });

  it('is a list (absent is an empty one), and the input is left as it was', () => {
    expect(validateNativeFilterConfiguration({})).toEqual({ config: [], errors: [M.notAList] });
    expect(validateNativeFilterConfiguration(null)).toEqual({ config: [], errors: [] });
    const raw = [{ id: 'NATIVE_FILTER-1', name: 'a', filterType: 'filter_select', targets: [] }];
    validateNativeFilterConfiguration(raw);
    expect(raw[0]).toEqual({ id: 'NATIVE_FILTER-1', name: 'a', filterType: 'filter_select', targets: [] });
  });
});
