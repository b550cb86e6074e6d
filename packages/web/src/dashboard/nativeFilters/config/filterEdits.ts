/**
 * One filter's fields as the config modal edits them (spec section 3 "Native filter"): new ids
 * and new items, and what a change of type, dataset, column, option or default value does to the
 * rest of the filter (a new dataset drops the column, the pre-filter and the default value that
 * named the old one; "Select first filter value by default" replaces the default value …).
 */
import { sharedText } from '../../../i18n';
import {
  DIVIDER_TYPE_NAME,
  GLOBAL_SCOPE,
  GenericDataType,
  NATIVE_FILTER_DIVIDER_PREFIX,
  NATIVE_FILTER_PREFIX,
  NATIVE_FILTER_TYPE,
  TIME_GRAINS,
  filterDataMask,
  scopeFromCharts,
  singleFilterValue,
  withScopeComputed,
  type DashboardLayout,
  type ExploreDatasource,
  type ExploreDatasourceColumn,
  type FilterConfigItem,
  type FilterControlValues,
  type FilterDivider,
  type FilterType,
  type NativeFilter,
} from '@rama/shared';

const URL_SAFE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
export const FILTER_ID_LENGTH = 10;

/** Random bytes from the browser's generator (tests pass their own). */
export type RandomBytes = (n: number) => Uint8Array;
const cryptoBytes: RandomBytes = (n) => crypto.getRandomValues(new Uint8Array(n));

/** 10 url-safe characters (64 symbols: each byte's low 6 bits pick one, evenly). */
export function randomIdSuffix(random: RandomBytes = cryptoBytes): string {
  return Array.from(random(FILTER_ID_LENGTH), (b) => URL_SAFE[b & 63]).join('');
}

export const newFilterId = (random?: RandomBytes): string => `${NATIVE_FILTER_PREFIX}${randomIdSuffix(random)}`;
export const newDividerId = (random?: RandomBytes): string => `${NATIVE_FILTER_DIVIDER_PREFIX}${randomIdSuffix(random)}`;

/** The options a filter type offers, at their defaults. */
export function defaultControlValues(type: FilterType | string): FilterControlValues {
  if (type === 'filter_select')
    return { enableEmptyFilter: false, defaultToFirstItem: false, multiSelect: true, searchAllOptions: false, inverseSelection: false };
  return { enableEmptyFilter: false };
}

const emptyDefault = (): NativeFilter['defaultDataMask'] => ({ extraFormData: {}, filterState: {}, ownState: {} });

/** A new value filter: no name ("[untitled]" in the list), whole dashboard in scope. */
export function newNativeFilter(layout: DashboardLayout, id: string = newFilterId()): NativeFilter {
  const filter: NativeFilter = {
    id,
    type: NATIVE_FILTER_TYPE,
    name: '',
    filterType: 'filter_select',
    targets: [],
    controlValues: defaultControlValues('filter_select'),
    defaultDataMask: emptyDefault(),
    cascadeParentIds: [],
    scope: { ...GLOBAL_SCOPE, excluded: [] },
    description: '',
  };
  return withScopeComputed(layout, filter);
}

export function newDivider(id: string = newDividerId()): FilterDivider {
  return { id, type: DIVIDER_TYPE_NAME, title: '', description: '' };
}

/** Value and numerical range filters read a column; the time filters only a dataset. */
export const filterTypeTakesColumn = (type: string): boolean => type === 'filter_select' || type === 'filter_range';
export const isTimeFilterType = (type: string): boolean =>
  type === 'filter_time' || type === 'filter_timegrain' || type === 'filter_timecolumn';
/** Pre-filter (adhoc filters, time range) narrows the values a value or range filter offers. */
export const filterTypeTakesPreFilter = filterTypeTakesColumn;

export const columnTakesNumbers = (column: Pick<ExploreDatasourceColumn, 'type_generic'>): boolean =>
  column.type_generic === GenericDataType.NUMERIC;

const isTemporal = (c: ExploreDatasourceColumn) => c.is_dttm || c.type_generic === GenericDataType.TEMPORAL;
export const temporalColumns = (dataset: Pick<ExploreDatasource, 'columns'>): ExploreDatasourceColumn[] =>
  dataset.columns.filter(isTemporal);

/** The columns a filter type may target: numeric ones for a range, filterable ones for values. */
export function columnChoices(dataset: ExploreDatasource | undefined, type: string): ExploreDatasourceColumn[] {
  if (!dataset) return [];
  if (type === 'filter_range') return dataset.columns.filter(columnTakesNumbers);
  if (type === 'filter_select') return dataset.columns.filter((c) => c.filterable !== false);
  return [];
}

/** The time grains of the dataset's engine, else every grain. */
export function timeGrainChoices(dataset: ExploreDatasource | undefined): { value: string; label: string }[] {
  const own = dataset?.time_grain_sqla ?? [];
  if (own.length) return own.map(([value, label]) => ({ value, label }));
  return TIME_GRAINS.map((g) => ({ value: g.duration, label: sharedText('controls', g.name) }));
}

/** The column an item targets. */
export const columnOf = (filter: NativeFilter): string | null => filter.targets?.[0]?.column?.name ?? null;
export const datasetIdOf = (filter: NativeFilter): number | null => filter.targets?.[0]?.datasetId ?? null;

/**
 * A new type: the type's options at their defaults ("Filter value is required" kept), the default
 * value cleared; the column kept only if the type reads one, parents and sorting only for values,
 * the pre-filter only for values and ranges.
 */
export function setFilterType(filter: NativeFilter, type: FilterType): NativeFilter {
  if (filter.filterType === type) return filter;
  const target = filter.targets?.[0];
  const keepColumn = filterTypeTakesColumn(type) && target?.column;
  const next: NativeFilter = {
    ...filter,
    filterType: type,
    targets: target?.datasetId ? [{ datasetId: target.datasetId, ...(keepColumn && { column: target.column }) }] : [],
    controlValues: { ...defaultControlValues(type), enableEmptyFilter: Boolean(filter.controlValues?.enableEmptyFilter) },
    defaultDataMask: emptyDefault(),
    cascadeParentIds: type === 'filter_select' ? filter.cascadeParentIds : [],
  };
  delete next.requiredFirst;
  if (type !== 'filter_select') delete next.sortMetric;
  if (!filterTypeTakesPreFilter(type)) {
    delete next.adhoc_filters;
    delete next.time_range;
    delete next.granularity_sqla;
  }
  return next;
}

/** Another dataset: what named the old one's columns or metrics goes (column, pre-filter, sort metric, default). */
export function setDataset(filter: NativeFilter, datasetId: number | null): NativeFilter {
  if (datasetIdOf(filter) === datasetId) return filter;
  const next: NativeFilter = { ...filter, targets: datasetId ? [{ datasetId }] : [], defaultDataMask: emptyDefault() };
  delete next.adhoc_filters;
  delete next.granularity_sqla;
  delete next.sortMetric;
  return next;
}

/** Another column: the default value (values of the old column) is cleared. */
export function setColumn(filter: NativeFilter, column: string | null): NativeFilter {
  if (columnOf(filter) === column) return filter;
  const datasetId = datasetIdOf(filter);
  const target = { ...(datasetId && { datasetId }), ...(column && { column: { name: column } }) };
  return { ...filter, targets: Object.keys(target).length ? [target] : [], defaultDataMask: emptyDefault() };
}

/** The default value as the pickers hold it (a grain or a time column is one value). */
export function defaultValueOf(filter: NativeFilter): unknown {
  const state = filter.defaultDataMask?.filterState;
  if (filter.filterType === 'filter_timegrain' || filter.filterType === 'filter_timecolumn') return singleFilterValue(state);
  return state?.value;
}

/** A default value, stored as the mask it gives (what the bar applies when the dashboard opens). */
export function setDefaultValue(filter: NativeFilter, value: unknown): NativeFilter {
  const { extraFormData, filterState, ownState } = filterDataMask(filter, value);
  return { ...filter, defaultDataMask: { extraFormData, filterState, ownState } };
}

/**
 * An option of `controlValues`. "Select first filter value by default" replaces the default value
 * (and is what requiredFirst records); a single-value filter keeps one default value; inverse
 * selection rewrites the default's mask (IN becomes NOT IN).
 */
export function setControlValue(filter: NativeFilter, key: keyof FilterControlValues & string, value: boolean): NativeFilter {
  let next: NativeFilter = { ...filter, controlValues: { ...filter.controlValues, [key]: value } };
  if (key === 'defaultToFirstItem') {
    next = { ...next, defaultDataMask: value ? emptyDefault() : next.defaultDataMask };
    if (value) next.requiredFirst = true;
    else delete next.requiredFirst;
  }
  const current = defaultValueOf(next);
  if (key === 'multiSelect' && !value && Array.isArray(current) && current.length > 1) next = setDefaultValue(next, current.slice(0, 1));
  if (key === 'inverseSelection') next = setDefaultValue(next, current);
  return next;
}

/** The charts chosen in the scoping tree, as the scope the filter stores (with chartsInScope and tabsInScope). */
export function setScopeCharts<T extends FilterConfigItem>(layout: DashboardLayout, item: T, chartIds: Iterable<number>): T {
  return withScopeComputed(layout, { ...item, scope: scopeFromCharts(layout, chartIds) });
}
