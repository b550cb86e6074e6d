/**
 * The native filter list of a dashboard as the filter config modal changes it (spec section 5
 * "Native filter form", section 7 "PUT /api/v1/dashboard/{id}/filters: filter changes"): the
 * changes the modal sends, the server's way of applying them (the BI server's semantics, so a
 * script written for it works here), and the checks a stored list must pass (spec section 3
 * "Native filter": fields and id prefixes).
 */
import {
  DIVIDER_TYPE_NAME,
  NATIVE_FILTER_DIVIDER_PREFIX,
  NATIVE_FILTER_PREFIX,
  NATIVE_FILTER_TYPE,
  type FilterChanges,
  type FilterConfigItem,
} from './types.js';

type Json = Record<string, unknown>;

const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');
const isIntegerList = (v: unknown): v is number[] => Array.isArray(v) && v.every((x) => Number.isInteger(x));

const withoutIds = (ids: unknown, gone: ReadonlySet<string>): unknown =>
  Array.isArray(ids) ? ids.filter((id) => typeof id !== 'string' || !gone.has(id)) : ids;

/**
 * PUT /filters as the BI server applies it: deleted ids leave; a modified item replaces the item
 * with its id, or is appended when it is new; with `reordered` non-empty the list follows that
 * order (ids it does not name keep their relative order after the named ones; ids it names that
 * are not in the list are ignored). Beyond the BI server: an id both deleted and modified stays
 * deleted, and a deleted filter also leaves the `cascadeParentIds` of the others, so no filter
 * is left waiting on a parent that is gone.
 */
export function applyFilterChanges(config: readonly FilterConfigItem[], changes: Partial<FilterChanges>): FilterConfigItem[] {
  const deleted = new Set(changes.deleted ?? []);
  const modified = new Map<string, FilterConfigItem>();
  for (const item of changes.modified ?? []) modified.set(item.id, item);

  const existing = new Set(config.map((item) => item.id));
  let next: FilterConfigItem[] = config.filter((item) => !deleted.has(item.id)).map((item) => modified.get(item.id) ?? item);
  for (const [id, item] of modified) if (!existing.has(id) && !deleted.has(id)) next.push(item);

  if (deleted.size)
    next = next.map((item) => {
      const parents = (item as { cascadeParentIds?: unknown }).cascadeParentIds;
      if (!Array.isArray(parents) || !parents.some((p) => typeof p === 'string' && deleted.has(p))) return item;
      return { ...item, cascadeParentIds: withoutIds(parents, deleted) } as FilterConfigItem;
    });

  const order = changes.reordered ?? [];
  if (!order.length) return next;
  const rank = new Map<string, number>();
  for (const id of order) if (!rank.has(id)) rank.set(id, rank.size);
  const unranked = order.length + next.length;
  return next
    .map((item, index) => ({ item, index, rank: rank.get(item.id) ?? unranked }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((entry) => entry.item);
}

/** Structural equality of JSON values (key order does not matter). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x, i) => sameJson(x, b[i]));
  }
  if (!isRecord(a) || !isRecord(b)) return false;
  const keys = Object.keys(a).filter((k) => a[k] !== undefined);
  if (keys.length !== Object.keys(b).filter((k) => b[k] !== undefined).length) return false;
  return keys.every((k) => Object.prototype.hasOwnProperty.call(b, k) && sameJson(a[k], b[k]));
}

/**
 * What the config modal sends on save: `modified` the new and changed items (whole), `deleted`
 * the ids that are gone, `reordered` every id of `after` when applying the other two would not
 * give `after`'s order (the remaining filters were moved, or a new one sits before an old one),
 * else empty. `applyFilterChanges(before, computeFilterChanges(before, after))` is `after`.
 */
export function computeFilterChanges(before: readonly FilterConfigItem[], after: readonly FilterConfigItem[]): FilterChanges {
  const old = new Map(before.map((item) => [item.id, item]));
  const kept = new Set(after.map((item) => item.id));
  const modified = after.filter((item) => {
    const was = old.get(item.id);
    return was === undefined || !sameJson(was, item);
  });
  const deleted = before.filter((item) => !kept.has(item.id)).map((item) => item.id);
  const applied = [
    ...before.filter((item) => kept.has(item.id)).map((item) => item.id),
    ...after.filter((item) => !old.has(item.id)).map((item) => item.id),
  ];
  const ids = after.map((item) => item.id);
  const reordered = applied.length === ids.length && applied.every((id, i) => id === ids[i]) ? [] : ids;
  return { modified, deleted, reordered };
}

/** Spec 5 "Native filter form": saving skips the update if every change list is empty. */
export function hasFilterChanges(changes: Partial<FilterChanges>): boolean {
  return Boolean(changes.modified?.length || changes.deleted?.length || changes.reordered?.length);
}

export const NATIVE_FILTER_CONFIG_MESSAGES = {
  notAList: 'native_filter_configuration must be a list',
  notAnObject: (at: string) => `${at} is not an object.`,
  noId: (at: string) => `${at} has no id (a text such as "${NATIVE_FILTER_PREFIX}abc123").`,
  duplicateId: (id: string) => `The id "${id}" is used by more than one filter.`,
  badType: (at: string) => `${at}: type must be ${NATIVE_FILTER_TYPE} or ${DIVIDER_TYPE_NAME}.`,
  badPrefix: (at: string, prefix: string) => `${at}: the id must start with ${prefix}.`,
  required: (at: string, field: string) => `${at}: ${field} is required and must be a text.`,
  notText: (at: string, field: string) => `${at}: ${field} must be a text.`,
  notObject: (at: string, field: string) => `${at}: ${field} must be an object.`,
  notList: (at: string, field: string) => `${at}: ${field} must be a list.`,
  badTarget: (at: string, n: number) =>
    `${at}: target ${n} must be an object with an optional datasetId (a whole number) and column ({"name": text}).`,
  badScope: (at: string) => `${at}: scope must be {"rootPath": [component ids], "excluded": [chart ids]}.`,
  badChartIds: (at: string, field: string) => `${at}: ${field} must be a list of chart ids.`,
  badTextList: (at: string, field: string) => `${at}: ${field} must be a list of texts.`,
  selfParent: (at: string) => `${at} cannot depend on itself.`,
  unknownParent: (at: string, parent: string) => `${at} depends on "${parent}", which is not a filter of this dashboard.`,
  cycle: (ids: string[]) => `The filters ${ids.map((id) => `"${id}"`).join(' → ')} depend on each other in a circle.`,
} as const;

const M = NATIVE_FILTER_CONFIG_MESSAGES;

const emptyMask = () => ({ extraFormData: {}, filterState: {}, ownState: {} });
const globalScope = () => ({ rootPath: ['ROOT_ID'], excluded: [] as number[] });

/** The type an item declares, or the one its id implies (the BI server's migration filled it in for old filters). */
function typeOf(item: Json): unknown {
  if (item.type !== undefined && item.type !== null) return item.type;
  if (typeof item.id !== 'string') return undefined;
  if (item.id.startsWith(NATIVE_FILTER_DIVIDER_PREFIX)) return DIVIDER_TYPE_NAME;
  if (item.id.startsWith(NATIVE_FILTER_PREFIX)) return NATIVE_FILTER_TYPE;
  return undefined;
}

/** Checks shared by filters and dividers: scope, chartsInScope, tabsInScope, description. */
function checkCommon(item: Json, at: string, errors: string[]): void {
  if (item.scope !== undefined && item.scope !== null) {
    const s = item.scope;
    if (!isRecord(s) || !isStringList(s.rootPath) || !isIntegerList(s.excluded)) errors.push(M.badScope(at));
  }
  if (item.chartsInScope !== undefined && item.chartsInScope !== null && !isIntegerList(item.chartsInScope))
    errors.push(M.badChartIds(at, 'chartsInScope'));
  if (item.tabsInScope !== undefined && item.tabsInScope !== null && !isStringList(item.tabsInScope))
    errors.push(M.badTextList(at, 'tabsInScope'));
  if (item.description === undefined || item.description === null) item.description = '';
  else if (typeof item.description !== 'string') errors.push(M.notText(at, 'description'));
}

function checkTargets(item: Json, at: string, errors: string[]): void {
  if (!Array.isArray(item.targets)) {
    errors.push(M.notList(at, 'targets'));
    return;
  }
  item.targets.forEach((t: unknown, i) => {
    const ok =
      isRecord(t) &&
      (t.datasetId === undefined || t.datasetId === null || (Number.isInteger(t.datasetId) && (t.datasetId as number) > 0)) &&
      (t.column === undefined || t.column === null || (isRecord(t.column) && typeof t.column.name === 'string'));
    if (!ok) errors.push(M.badTarget(at, i + 1));
  });
}

function checkFilter(item: Json, at: string, errors: string[]): void {
  if (typeof item.name !== 'string' || item.name.trim() === '') errors.push(M.required(at, 'name'));
  if (typeof item.filterType !== 'string' || item.filterType.trim() === '') errors.push(M.required(at, 'filterType'));
  checkTargets(item, at, errors);
  if (item.controlValues === undefined || item.controlValues === null) item.controlValues = {};
  else if (!isRecord(item.controlValues)) errors.push(M.notObject(at, 'controlValues'));
  if (item.defaultDataMask === undefined || item.defaultDataMask === null) item.defaultDataMask = emptyMask();
  else if (!isRecord(item.defaultDataMask)) errors.push(M.notObject(at, 'defaultDataMask'));
  else {
    const mask: Json = { ...item.defaultDataMask };
    for (const key of ['extraFormData', 'filterState', 'ownState'] as const) {
      if (mask[key] === undefined || mask[key] === null) mask[key] = {};
      else if (!isRecord(mask[key])) errors.push(M.notObject(at, `defaultDataMask.${key}`));
    }
    item.defaultDataMask = mask;
  }
  if (item.cascadeParentIds === undefined || item.cascadeParentIds === null) item.cascadeParentIds = [];
  else if (!isStringList(item.cascadeParentIds)) errors.push(M.badTextList(at, 'cascadeParentIds'));
  if (item.scope === undefined || item.scope === null) item.scope = globalScope();
}

function checkDivider(item: Json, at: string, errors: string[]): void {
  if (typeof item.title !== 'string' || item.title.trim() === '') errors.push(M.required(at, 'title'));
}

/** Each circle of `cascadeParentIds` among the filters, once, starting from its first filter in the list. */
function cascadeCycles(parentsOf: ReadonlyMap<string, readonly string[]>): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const cycles = new Map<string, string[]>();
  const path: string[] = [];
  const visit = (id: string): void => {
    state.set(id, 'open');
    path.push(id);
    for (const parent of parentsOf.get(id) ?? []) {
      if (!parentsOf.has(parent) || parent === id) continue;
      if (state.get(parent) === 'open') {
        const cycle = path.slice(path.indexOf(parent));
        const key = [...cycle].sort().join('\u0000');
        if (!cycles.has(key)) cycles.set(key, [...cycle, parent]);
      } else if (!state.has(parent)) visit(parent);
    }
    path.pop();
    state.set(id, 'done');
  };
  for (const id of parentsOf.keys()) if (!state.has(id)) visit(id);
  return [...cycles.values()];
}

/**
 * `json_metadata.native_filter_configuration` as it may be stored (spec section 3 "Native
 * filter"): a list of filters and dividers with unique string ids (prefix NATIVE_FILTER- for
 * filters, NATIVE_FILTER_DIVIDER- for dividers); a filter has a name, a filterType and a list of
 * targets; scopes name components and chart ids; cascadeParentIds name other filters of the list,
 * never the filter itself, without circles. Missing optional fields get their defaults; unknown
 * fields are kept. `errors` empty means `config` may be stored.
 */
export function validateNativeFilterConfiguration(value: unknown): { config: FilterConfigItem[]; errors: string[] } {
  if (value === undefined || value === null) return { config: [], errors: [] };
  if (!Array.isArray(value)) return { config: [], errors: [M.notAList] };
  const errors: string[] = [];
  const config: Json[] = [];
  const seen = new Set<string>();
  const filterIds = new Set<string>();

  value.forEach((raw: unknown, index) => {
    const position = `Filter ${index + 1}`;
    if (!isRecord(raw)) {
      errors.push(M.notAnObject(position));
      return;
    }
    const item: Json = {};
    for (const [key, entry] of Object.entries(raw)) if (key !== '__proto__') item[key] = entry;
    if (typeof item.id !== 'string' || item.id.trim() === '') {
      errors.push(M.noId(position));
      return;
    }
    const at = `Filter "${item.id}"`;
    if (seen.has(item.id)) errors.push(M.duplicateId(item.id));
    seen.add(item.id);
    const type = typeOf(item);
    if (type === NATIVE_FILTER_TYPE) {
      item.type = type;
      if (!item.id.startsWith(NATIVE_FILTER_PREFIX)) errors.push(M.badPrefix(at, NATIVE_FILTER_PREFIX));
      checkFilter(item, at, errors);
      filterIds.add(item.id);
    } else if (type === DIVIDER_TYPE_NAME) {
      item.type = type;
      if (!item.id.startsWith(NATIVE_FILTER_DIVIDER_PREFIX)) errors.push(M.badPrefix(at, NATIVE_FILTER_DIVIDER_PREFIX));
      checkDivider(item, at, errors);
    } else {
      errors.push(M.badType(at));
      return;
    }
    checkCommon(item, at, errors);
    config.push(item);
  });

  const parentsOf = new Map<string, string[]>();
  for (const item of config) {
    if (item.type !== NATIVE_FILTER_TYPE || !isStringList(item.cascadeParentIds)) continue;
    const id = item.id as string;
    const at = `Filter "${id}"`;
    for (const parent of item.cascadeParentIds) {
      if (parent === id) errors.push(M.selfParent(at));
      else if (!filterIds.has(parent)) errors.push(M.unknownParent(at, parent));
    }
    parentsOf.set(id, item.cascadeParentIds);
  }
  for (const cycle of cascadeCycles(parentsOf)) errors.push(M.cycle(cycle));

  return { config: config as unknown as FilterConfigItem[], errors };
}
