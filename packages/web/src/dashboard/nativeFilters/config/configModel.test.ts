import { describe, expect, it } from 'vitest';
import { FILTER_REMOVAL_UNDO_MS, FILTER_TYPES, type FilterConfigItem, type FilterDivider, type NativeFilter } from '@rama/shared';
import { flights } from '../../../explore/controls/testDatasource';
import {
  CONFIG_MESSAGES as M,
  configReducer,
  finalItems,
  hasUnsavedChanges,
  initialDraft,
  itemTitle,
  jumpTarget,
  liveItems,
  saveStep,
  validateDraft,
  validateItem,
  visibleErrors,
  withFilterConfiguration,
  type ConfigDraft,
  type ValidationContext,
} from './configModel';

const filter = (id: string, extra: Partial<NativeFilter> = {}): NativeFilter => ({
  id: `NATIVE_FILTER-${id}`,
  type: 'NATIVE_FILTER',
  name: `Filter ${id}`,
  filterType: 'filter_select',
  targets: [{ datasetId: 3, column: { name: 'origin' } }],
  controlValues: { multiSelect: true },
  defaultDataMask: { extraFormData: {}, filterState: {}, ownState: {} },
  cascadeParentIds: [],
  scope: { rootPath: ['ROOT_ID'], excluded: [] },
  description: '',
  ...extra,
});
const divider = (id: string, title = `Section ${id}`): FilterDivider => ({
  id: `NATIVE_FILTER_DIVIDER-${id}`,
  type: 'DIVIDER',
  title,
  description: '',
});

const loaded: ValidationContext = { dataset: (id) => (id === flights.id ? flights : undefined) };
const notLoaded: ValidationContext = { dataset: () => undefined };
const ids = (items: FilterConfigItem[]) => items.map((i) => i.id);
const draftOf = (items: FilterConfigItem[], extra: Partial<ConfigDraft> = {}): ConfigDraft => ({ ...initialDraft(items, null), ...extra });

describe('the draft the modal edits', () => {
  it('opens on the filter asked for, else on the first item', () => {
    const items = [filter('a'), filter('b')];
    expect(initialDraft(items, 'NATIVE_FILTER-b').selectedId).toBe('NATIVE_FILTER-b');
    expect(initialDraft(items, 'NATIVE_FILTER-gone').selectedId).toBe('NATIVE_FILTER-a');
    expect(initialDraft([], null).selectedId).toBeNull();
  });

  it('a filter without a name reads "[untitled]" in the list; a divider reads its title', () => {
    expect(itemTitle(filter('a', { name: '  ' }))).toBe('[untitled]');
    expect(itemTitle(divider('d', 'Time'))).toBe('Time');
  });

  it('an added item goes last and is selected', () => {
    const next = configReducer(draftOf([filter('a')]), { type: 'add', item: divider('d') });
    expect(ids(next.items)).toEqual(['NATIVE_FILTER-a', 'NATIVE_FILTER_DIVIDER-d']);
    expect(next.selectedId).toBe('NATIVE_FILTER_DIVIDER-d');
  });

  it('a dragged item takes the place of the one it is dropped on', () => {
    const draft = draftOf([filter('a'), filter('b'), divider('d')]);
    expect(ids(configReducer(draft, { type: 'move', id: 'NATIVE_FILTER-a', overId: 'NATIVE_FILTER_DIVIDER-d' }).items)).toEqual([
      'NATIVE_FILTER-b',
      'NATIVE_FILTER_DIVIDER-d',
      'NATIVE_FILTER-a',
    ]);
    expect(ids(configReducer(draft, { type: 'move', id: 'NATIVE_FILTER_DIVIDER-d', overId: 'NATIVE_FILTER-a' }).items)).toEqual([
      'NATIVE_FILTER_DIVIDER-d',
      'NATIVE_FILTER-a',
      'NATIVE_FILTER-b',
    ]);
  });
});

describe('spec 4/9: filter deletion stays pending for 5 s (undo window), then is final', () => {
  const start = draftOf([filter('a'), filter('b'), filter('c')], { selectedId: 'NATIVE_FILTER-b' });
  const removed = configReducer(start, { type: 'remove', id: 'NATIVE_FILTER-b', now: 1000 });

  it('a removed filter stays in the list, restorable, but is left out of what a save keeps', () => {
    expect(ids(removed.items)).toHaveLength(3);
    expect(removed.removed).toEqual({ 'NATIVE_FILTER-b': 1000 + FILTER_REMOVAL_UNDO_MS });
    expect(ids(liveItems(removed))).toEqual(['NATIVE_FILTER-a', 'NATIVE_FILTER-c']);
  });

  it('"Restore filter" within the window brings it back', () => {
    const restored = configReducer(removed, { type: 'restore', id: 'NATIVE_FILTER-b' });
    expect(restored.removed).toEqual({});
    expect(ids(liveItems(restored))).toEqual(['NATIVE_FILTER-a', 'NATIVE_FILTER-b', 'NATIVE_FILTER-c']);
  });

  it('before 5 s nothing is final; at 5 s the filter leaves the list and the selection moves to its neighbour', () => {
    expect(configReducer(removed, { type: 'purgeExpired', now: 1000 + FILTER_REMOVAL_UNDO_MS - 1 })).toBe(removed);
    const final = configReducer(removed, { type: 'purgeExpired', now: 1000 + FILTER_REMOVAL_UNDO_MS });
    expect(ids(final.items)).toEqual(['NATIVE_FILTER-a', 'NATIVE_FILTER-c']);
    expect(final.removed).toEqual({});
    expect(final.selectedId).toBe('NATIVE_FILTER-c');
  });
});

describe('spec 5 "Native filter form": the checks a filter passes before a save', () => {
  const check = (f: FilterConfigItem, ctx = loaded, items: FilterConfigItem[] = [f]) => validateItem(f, items, ctx);

  it('a filter needs a name; a divider a title', () => {
    expect(check(filter('a', { name: ' ' })).name).toBe(M.nameRequired);
    expect(check(divider('d', ''))).toEqual({ title: M.titleRequired });
    expect(check(filter('a'))).toEqual({});
  });

  it('every filter type needs a dataset', () => {
    for (const filterType of FILTER_TYPES) expect(check(filter('a', { filterType, targets: [] })).dataset).toBe(M.datasetRequired);
  });

  it('value and range filters need a column; the time filters do not', () => {
    expect(check(filter('a', { targets: [{ datasetId: 3 }] })).column).toBe(M.columnRequired);
    expect(check(filter('a', { filterType: 'filter_range', targets: [{ datasetId: 3 }] })).column).toBe(M.columnRequired);
    for (const filterType of ['filter_time', 'filter_timegrain', 'filter_timecolumn'])
      expect(check(filter('a', { filterType, targets: [{ datasetId: 3 }] }))).toEqual({});
  });

  it('a numerical range needs a numeric column; the column must be in the dataset (checked once it is loaded)', () => {
    expect(check(filter('a', { filterType: 'filter_range' })).column).toBe(M.numericColumn);
    expect(check(filter('a', { filterType: 'filter_range', targets: [{ datasetId: 3, column: { name: 'dep_delay' } }] }))).toEqual({});
    const gone = filter('a', { targets: [{ datasetId: 3, column: { name: 'gone' } }] });
    expect(check(gone).column).toBe(M.noSuchColumn('gone'));
    expect(check(gone, notLoaded)).toEqual({});
  });

  it('a time filter needs a dataset with a temporal column', () => {
    const noTime = { ...flights, columns: flights.columns.filter((c) => !c.is_dttm) };
    const ctx: ValidationContext = { dataset: () => noTime };
    expect(check(filter('a', { filterType: 'filter_timecolumn', targets: [{ datasetId: 3 }] }), ctx).dataset).toBe(M.temporalDataset);
  });

  it('a required filter needs a default value unless it selects the first value by default', () => {
    const required = filter('a', { controlValues: { enableEmptyFilter: true } });
    expect(check(required).defaultValue).toBe(M.defaultRequired);
    expect(check({ ...required, controlValues: { enableEmptyFilter: true, defaultToFirstItem: true } })).toEqual({});
    const withValue = { ...required, defaultDataMask: { extraFormData: {}, filterState: { value: ['SEA'] }, ownState: {} } };
    expect(check(withValue)).toEqual({});
  });

  it("a range's default minimum cannot be above its maximum", () => {
    const range = filter('a', {
      filterType: 'filter_range',
      targets: [{ datasetId: 3, column: { name: 'dep_delay' } }],
      defaultDataMask: { extraFormData: {}, filterState: { value: [10, 5] }, ownState: {} },
    });
    expect(check(range).defaultValue).toBe(M.rangeOrder);
  });

  it('a filter cannot depend on itself, directly or through its parents', () => {
    const a = filter('a', { cascadeParentIds: ['NATIVE_FILTER-b'] });
    const b = filter('b', { cascadeParentIds: ['NATIVE_FILTER-a'] });
    expect(check(a, loaded, [a, b]).parents).toBe(M.cycle);
    expect(check(filter('c', { cascadeParentIds: ['NATIVE_FILTER-c'] })).parents).toBe(M.cycle);
  });

  it('the sort metric must be a metric of the dataset', () => {
    expect(check(filter('a', { sortMetric: 'nope' })).sortMetric).toBe(M.noSuchMetric('nope'));
    expect(check(filter('a', { sortMetric: 'count' }))).toEqual({});
  });

  it('removed items are not checked', () => {
    const draft = configReducer(draftOf([filter('a', { name: '' }), filter('b')]), { type: 'remove', id: 'NATIVE_FILTER-a', now: 0 });
    expect(validateDraft(draft, loaded)).toEqual({});
  });

  it('before a save is tried only the fields the user changed show their error; after, all of them', () => {
    const draft = draftOf([filter('a', { name: '', targets: [] })]);
    const errors = validateDraft(draft, loaded);
    expect(visibleErrors(draft, errors, 'NATIVE_FILTER-a')).toEqual({});
    const touched = configReducer(draft, { type: 'change', item: draft.items[0], fields: ['name'] });
    expect(visibleErrors(touched, errors, 'NATIVE_FILTER-a')).toEqual({ name: M.nameRequired });
    expect(visibleErrors({ ...draft, saveAttempted: true }, errors, 'NATIVE_FILTER-a')).toEqual({
      name: M.nameRequired,
      dataset: M.datasetRequired,
      column: M.columnRequired,
    });
  });
});

describe('spec 5: saving', () => {
  const a = filter('a');
  const b = filter('b');
  const initial = [a, b];

  it('a form with errors is not saved; the page jumps to the first failing filter if none of the failing fields belong to the current one', () => {
    const draft = draftOf([a, filter('b', { name: '' }), filter('c', { name: '' })], { selectedId: 'NATIVE_FILTER-a' });
    expect(saveStep(initial, draft, loaded)).toEqual({ kind: 'invalid', focusId: 'NATIVE_FILTER-b' });
    const onFailing = { ...draft, selectedId: 'NATIVE_FILTER-c' };
    expect(jumpTarget(onFailing, validateDraft(onFailing, loaded))).toBe('NATIVE_FILTER-c');
    const shown = configReducer(draft, { type: 'showErrors', focusId: 'NATIVE_FILTER-b' });
    expect(shown).toMatchObject({ saveAttempted: true, selectedId: 'NATIVE_FILTER-b' });
  });

  it('saving skips the update if every change list is empty', () => {
    expect(saveStep(initial, draftOf(initial), loaded)).toEqual({ kind: 'unchanged' });
    expect(hasUnsavedChanges(initial, draftOf(initial))).toBe(false);
  });

  it('sends the changed and new items whole, the removed ids, and the order when it moved', () => {
    const renamed = { ...b, name: 'Carrier' };
    let draft = configReducer(draftOf(initial), { type: 'change', item: renamed, fields: ['name'] });
    draft = configReducer(draft, { type: 'remove', id: a.id, now: 0 });
    draft = configReducer(draft, { type: 'add', item: divider('d') });
    expect(saveStep(initial, draft, loaded)).toEqual({
      kind: 'save',
      changes: { modified: [renamed, divider('d')], deleted: [a.id], reordered: [] },
    });
    const moved = configReducer(draftOf(initial), { type: 'move', id: b.id, overId: a.id });
    expect(saveStep(initial, moved, loaded)).toEqual({ kind: 'save', changes: { modified: [], deleted: [], reordered: [b.id, a.id] } });
    expect(hasUnsavedChanges(initial, moved)).toBe(true);
  });

  it('a removed parent, or one that is no longer a value filter, leaves its children; untouched items keep their object', () => {
    const child = filter('c', { cascadeParentIds: [a.id, b.id] });
    const range = { ...b, filterType: 'filter_range' };
    const draft = configReducer(draftOf([a, range, child]), { type: 'remove', id: a.id, now: 0 });
    const final = finalItems(draft);
    expect(ids(final)).toEqual([b.id, child.id]);
    expect(final[1]).toMatchObject({ cascadeParentIds: [] });
    expect(finalItems(draftOf([a, filter('d', { cascadeParentIds: [a.id] })]))[1]).toEqual(filter('d', { cascadeParentIds: [a.id] }));
    expect(finalItems(draftOf(initial))[0]).toBe(a);
  });

  it('the saved list becomes the json_metadata a later dashboard save writes', () => {
    expect(withFilterConfiguration({ color_scheme: 'x', native_filter_configuration: [a] }, [b])).toEqual({
      color_scheme: 'x',
      native_filter_configuration: [b],
    });
  });
});
