/**
 * A legacy filter box as native filters (issue 31 item 2), the way the BI server's native filter
 * upgrade converts it: one filter per field of the box — a value filter per `filter_configs`
 * entry, a time range filter for `date_filter`, a time column and a time grain filter for the
 * box's time controls — with the dashboard's `default_filters` as defaults and its
 * `filter_scopes` (else the legacy immune lists) as scopes: the scope's component ids become the
 * root path, its immune charts (other than filter boxes) the excluded charts.
 */
import { filterDataMask } from '../../filters/dataMask.js';
import {
  NATIVE_FILTER_PREFIX,
  NATIVE_FILTER_TYPE,
  NO_TIME_RANGE,
  type FilterScope,
  type FilterType,
  type NativeFilter,
} from '../../filters/types.js';
import type { AdhocFilter } from '../../charts/formData.js';
import { type FormDataRecord, asList, isRecord } from './engine.js';

/** The pseudo-fields of a filter box's time controls, as `default_filters` and `filter_scopes` name them. */
export const FILTER_BOX_TIME_RANGE = '__time_range';
export const FILTER_BOX_TIME_COLUMN = '__time_col';
export const FILTER_BOX_TIME_GRAIN = '__time_grain';

/** At most this many fields of one filter box become filters (each is one query on the dashboard). */
export const MAX_FILTER_BOX_FIELDS = 100;

/** The legacy metadata keys the conversion reads. */
export interface LegacyFilterMetadata {
  /** `{ "<box chart id>": { "<column>": value } }`, stored as JSON text by the BI server */
  default_filters?: unknown;
  /** `{ "<box chart id>": { "<column>": { scope: [component ids], immune: [chart ids] } } }` */
  filter_scopes?: unknown;
  /** charts no filter reaches (before filter_scopes existed) */
  filter_immune_slices?: unknown;
  /** `{ "<chart id>": [columns no filter reaches on it] }` (before filter_scopes existed) */
  filter_immune_slice_fields?: unknown;
}

export interface FilterBoxConversionOptions {
  /** a new filter id after the prefix (random by default) */
  newId?: () => string;
  /** every filter box of the dashboard (a box's immunity to another box is dropped); this box by default */
  filterBoxIds?: readonly number[];
}

interface FieldScope {
  scope: string[];
  immune: number[];
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Nine random letters and digits, as the BI server's short filter ids. */
export function randomFilterId(): string {
  const bytes = new Uint8Array(9);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => ID_ALPHABET[b % ID_ALPHABET.length]).join('');
}

function parseJsonObject(v: unknown): FormDataRecord {
  if (isRecord(v)) return v;
  if (typeof v !== 'string' || !v.trim()) return {};
  try {
    const parsed: unknown = JSON.parse(v);
    return isRecord(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

const own = (o: FormDataRecord, key: string): unknown => (Object.hasOwn(o, key) ? o[key] : undefined);

const chartIdList = (v: unknown): number[] =>
  asList(v)
    .map((x) => Number(x))
    .filter((x) => Number.isInteger(x) && x > 0);

/** The fields of one box in the order the BI server lists them: time range, time column, time grain, then the columns. */
function boxFields(params: FormDataRecord): string[] {
  const fields: string[] = [];
  if (params.date_filter) fields.push(FILTER_BOX_TIME_RANGE);
  if (params.show_sqla_time_column) fields.push(FILTER_BOX_TIME_COLUMN);
  if (params.show_sqla_time_granularity) fields.push(FILTER_BOX_TIME_GRAIN);
  for (const config of asList(params.filter_configs)) {
    if (isRecord(config) && typeof config.column === 'string' && config.column !== '' && !fields.includes(config.column)) {
      fields.push(config.column);
    }
  }
  return fields;
}

/**
 * Each field's scope: the dashboard's `filter_scopes` entry for the box, else every component with
 * the legacy immune charts (all fields, or this column's) excluded.
 */
function fieldScopes(params: FormDataRecord, metadata: LegacyFilterMetadata, boxId: number): Map<string, FieldScope> {
  const immuneAll = chartIdList(metadata.filter_immune_slices);
  const immuneByColumn = new Map<string, number[]>();
  for (const [chartId, columns] of Object.entries(parseJsonObject(metadata.filter_immune_slice_fields))) {
    const id = Number(chartId);
    if (!Number.isInteger(id) || id <= 0) continue;
    for (const column of asList(columns))
      if (typeof column === 'string') immuneByColumn.set(column, [...(immuneByColumn.get(column) ?? []), id]);
  }
  const scopes = new Map<string, FieldScope>();
  for (const field of boxFields(params)) {
    scopes.set(field, { scope: ['ROOT_ID'], immune: [...new Set([...immuneAll, ...(immuneByColumn.get(field) ?? [])])] });
  }
  const explicit = own(parseJsonObject(metadata.filter_scopes), String(boxId));
  if (isRecord(explicit)) {
    for (const [field, value] of Object.entries(explicit)) {
      if (!isRecord(value) || field === '__proto__') continue;
      const scope = asList(value.scope).filter((s): s is string => typeof s === 'string' && s !== '');
      scopes.set(field, { scope: scope.length ? scope : ['ROOT_ID'], immune: chartIdList(value.immune) });
    }
  }
  return scopes;
}

const asText = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** One native filter per field of one box, unsorted, keyed by field. */
function boxFilters(
  formData: unknown,
  metadata: LegacyFilterMetadata,
  boxId: number,
  datasetId: number,
  options: FilterBoxConversionOptions,
  usedIds: Set<string>,
): { filters: Map<string, NativeFilter>; scopes: Map<string, FieldScope> } {
  const params = isRecord(formData) ? formData : {};
  const defaults = own(parseJsonObject(metadata.default_filters), String(boxId));
  const boxDefaults = isRecord(defaults) ? defaults : {};
  const boxIds = new Set(options.filterBoxIds ?? [boxId]);
  const scopes = fieldScopes(params, metadata, boxId);
  const configs = asList(params.filter_configs).filter(isRecord);
  const newId = options.newId ?? randomFilterId;
  const filters = new Map<string, NativeFilter>();

  for (const [field, fieldScope] of [...scopes].slice(0, MAX_FILTER_BOX_FIELDS)) {
    let id = `${NATIVE_FILTER_PREFIX}${newId()}`;
    for (let attempt = 0; usedIds.has(id); attempt++) {
      id = attempt < 20 ? `${NATIVE_FILTER_PREFIX}${newId()}` : `${NATIVE_FILTER_PREFIX}${randomFilterId()}${usedIds.size}`;
    }
    const scope: FilterScope = { rootPath: fieldScope.scope, excluded: fieldScope.immune.filter((c) => !boxIds.has(c)) };
    const base = (filterType: FilterType, name: string, targets: NativeFilter['targets']): NativeFilter => ({
      id,
      type: NATIVE_FILTER_TYPE,
      name,
      filterType,
      targets,
      controlValues: {},
      defaultDataMask: { extraFormData: {}, filterState: {}, ownState: {} },
      cascadeParentIds: [],
      scope,
      description: '',
    });
    const withDefault = (filter: NativeFilter, value: unknown): NativeFilter => {
      const mask = filterDataMask(filter, value);
      return { ...filter, defaultDataMask: { extraFormData: mask.extraFormData, filterState: mask.filterState, ownState: mask.ownState } };
    };
    const given = own(boxDefaults, field);
    let filter: NativeFilter | null = null;

    if (field === FILTER_BOX_TIME_COLUMN && params.show_sqla_time_column) {
      const value = asText(asList(given)[0]) ?? asText(params.granularity_sqla);
      filter = withDefault(base('filter_timecolumn', 'Time Column', [{ datasetId }]), value);
    } else if (field === FILTER_BOX_TIME_GRAIN && params.show_sqla_time_granularity) {
      const value = asText(asList(given)[0]) ?? asText(params.time_grain_sqla);
      filter = withDefault(base('filter_timegrain', 'Time Grain', [{ datasetId }]), value);
    } else if (field === FILTER_BOX_TIME_RANGE && params.date_filter) {
      const value = asText(given) ?? asText(params.time_range);
      filter = withDefault(base('filter_time', 'Time Range', [{}]), value === NO_TIME_RANGE ? null : value);
    } else {
      const config = configs.find((c) => c.column === field);
      if (config) {
        const label = asText(config.label);
        let f = base('filter_select', label ?? field, [{ column: { name: field }, datasetId }]);
        f.controlValues = {
          defaultToFirstItem: false,
          enableEmptyFilter: config.clearable === false,
          inverseSelection: false,
          multiSelect: config.multiple === true,
          searchAllOptions: config.searchAllOptions === true,
        };
        if (config.metric !== undefined && config.metric !== null && config.metric !== '') {
          f.sortMetric = typeof config.metric === 'string' ? config.metric : JSON.stringify(config.metric);
          f.controlValues.sortAscending = config.asc !== false;
        }
        const adhoc = asList(params.adhoc_filters).filter(isRecord) as unknown as AdhocFilter[];
        if (adhoc.length) f.adhoc_filters = adhoc;
        const timeRange = asText(params.time_range);
        if (timeRange && timeRange !== NO_TIME_RANGE) {
          f.time_range = timeRange;
          const column = asText(params.granularity_sqla);
          if (column) f.granularity_sqla = column;
        }
        let value: unknown = given;
        if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) {
          const fallback = config.defaultValue;
          value = typeof fallback === 'string' && fallback !== '' && config.multiple === true ? fallback.split(';') : fallback;
        }
        f = withDefault(f, value === undefined || value === null || value === '' ? [] : asList(value));
        filter = f;
      }
    }
    if (filter) {
      usedIds.add(id);
      filters.set(field, filter);
    }
  }
  return { filters, scopes };
}

/** The BI server's order of converted filters: by filter type, value filters first. */
const byFilterType = (a: NativeFilter, b: NativeFilter): number => (a.filterType < b.filterType ? -1 : a.filterType > b.filterType ? 1 : 0);

/**
 * The native filters one filter box becomes (chart `chartIdOfBox`, reading dataset `datasetId`),
 * with the dashboard's legacy defaults and scopes.
 */
export function filterBoxToNativeFilters(
  filterBoxFormData: unknown,
  dashboardMetadata: LegacyFilterMetadata,
  chartIdOfBox: number,
  datasetId: number,
  options: FilterBoxConversionOptions = {},
): NativeFilter[] {
  const { filters } = boxFilters(filterBoxFormData, dashboardMetadata, chartIdOfBox, datasetId, options, new Set());
  return [...filters.values()].sort(byFilterType);
}

export interface LegacyFilterBox {
  chartId: number;
  datasetId: number;
  formData: unknown;
}

/** At most this many filter boxes of one dashboard are converted. */
export const MAX_FILTER_BOXES = 50;

/** The chart ids above each chart in the layout (its `parents`), by chart id. */
function chartAncestors(positionJson: unknown): Map<number, Set<string>> {
  const out = new Map<number, Set<string>>();
  if (!isRecord(positionJson)) return out;
  for (const node of Object.values(positionJson)) {
    if (!isRecord(node) || node.type !== 'CHART' || !isRecord(node.meta) || !Array.isArray(node.parents)) continue;
    const id = Number(node.meta.chartId);
    if (Number.isInteger(id)) out.set(id, new Set(node.parents.filter((p): p is string => typeof p === 'string')));
  }
  return out;
}

/**
 * Every filter box of a dashboard as native filters, with the cascades the boxes implied: a box
 * that another box's field reaches (not immune, and the field's scope holds the box's place in the
 * layout) has its value filters follow that other box's value and time range filters. Unlike the
 * BI server, no circle is made: of two boxes that reach each other, the later follows the earlier.
 */
export function filterBoxesToNativeFilters(
  boxes: readonly LegacyFilterBox[],
  dashboardMetadata: LegacyFilterMetadata,
  positionJson: unknown,
  options: Omit<FilterBoxConversionOptions, 'filterBoxIds'> = {},
): NativeFilter[] {
  const list = boxes.slice(0, MAX_FILTER_BOXES);
  const filterBoxIds = list.map((b) => b.chartId);
  const used = new Set<string>();
  const converted = list.map((box) => ({
    box,
    ...boxFilters(box.formData, dashboardMetadata, box.chartId, box.datasetId, { ...options, filterBoxIds }, used),
  }));
  const ancestors = chartAncestors(positionJson);
  const reaches = (parent: (typeof converted)[number], child: (typeof converted)[number]): boolean => {
    const place = ancestors.get(child.box.chartId) ?? new Set<string>();
    return [...parent.scopes.values()].some((s) => !s.immune.includes(child.box.chartId) && s.scope.every((c) => place.has(c)));
  };
  // box-level "follows" links; a link that would close a circle is not made (native filters
  // refuse circles), so of two boxes that reach each other the later one follows the earlier
  const follows = new Map<number, Set<number>>(converted.map((_, i) => [i, new Set<number>()]));
  const dependsOn = (from: number, to: number, seen = new Set<number>()): boolean => {
    if (from === to) return true;
    seen.add(from);
    return [...(follows.get(from) ?? [])].some((next) => !seen.has(next) && dependsOn(next, to, seen));
  };
  const pairs: [child: number, parent: number][] = [];
  converted.forEach((_, c) => converted.forEach((__, p) => c !== p && pairs.push([c, p])));
  pairs.sort(([c1, p1], [c2, p2]) => Number(p1 > c1) - Number(p2 > c2) || c1 - c2 || p1 - p2);
  for (const [c, p] of pairs) {
    const child = converted[c];
    const parent = converted[p];
    if (!reaches(parent, child) || dependsOn(p, c)) continue;
    const parentIds = [...parent.filters.values()]
      .filter((f) => f.filterType === 'filter_select' || f.filterType === 'filter_time')
      .map((f) => f.id);
    const children = [...child.filters.values()].filter((f) => f.filterType === 'filter_select');
    if (!parentIds.length || !children.length) continue;
    follows.get(c)?.add(p);
    for (const filter of children) for (const id of parentIds) if (!filter.cascadeParentIds.includes(id)) filter.cascadeParentIds.push(id);
  }
  return converted.flatMap((c) => [...c.filters.values()]).sort(byFilterType);
}
