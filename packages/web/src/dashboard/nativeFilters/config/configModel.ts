/**
 * The "Add and edit filters" modal as pure functions (issue 13 part 1; spec section 5 "Native
 * filter form", section 4 "Filter deletion stays pending for 5 s", section 9): the draft the modal
 * edits, its actions, the checks a filter must pass before a save, and the list a save sends.
 * What one filter's fields do to each other (type, dataset, column, default value) is in
 * `filterEdits.ts`.
 */
import { t } from '../../../i18n';
import {
  FILTER_REMOVAL_UNDO_MS,
  ancestorFilterIds,
  computeFilterChanges,
  hasFilterChanges,
  hasFilterValue,
  isFilterDivider,
  isNativeFilter,
  type DashboardMetadata,
  type ExploreDatasource,
  type FilterChanges,
  type FilterConfigItem,
  type NativeFilter,
} from '@rama/shared';
import { columnTakesNumbers, temporalColumns, filterTypeTakesColumn, isTimeFilterType } from './filterEdits';

/** The fields a check can fail on (each is one form field). */
export type FilterField = 'name' | 'dataset' | 'column' | 'parents' | 'defaultValue' | 'sortMetric' | 'title';
export type FieldErrors = Partial<Record<FilterField, string>>;

export interface ConfigDraft {
  /** filters and dividers in their order, those pending removal included */
  items: FilterConfigItem[];
  /** removed items that can still be restored: id → when the removal becomes final (epoch ms) */
  removed: Record<string, number>;
  selectedId: string | null;
  /** fields the user changed, per item: their errors show before a save is tried */
  touched: Record<string, FilterField[]>;
  /** a save was tried: every error shows */
  saveAttempted: boolean;
}

export type ConfigAction =
  | { type: 'select'; id: string }
  | { type: 'add'; item: FilterConfigItem }
  | { type: 'change'; item: FilterConfigItem; fields: readonly FilterField[] }
  | { type: 'remove'; id: string; now: number }
  | { type: 'restore'; id: string }
  | { type: 'purgeExpired'; now: number }
  | { type: 'move'; id: string; overId: string }
  | { type: 'showErrors'; focusId: string | null };

/** The configuration's validation messages, each read in the current language where it is shown. */
export const CONFIG_MESSAGES = {
  get nameRequired() {
    return t('dashboard:config.nameRequired');
  },
  get titleRequired() {
    return t('dashboard:config.titleRequired');
  },
  get datasetRequired() {
    return t('dashboard:config.datasetRequired');
  },
  get columnRequired() {
    return t('dashboard:config.columnRequired');
  },
  noSuchColumn: (name: string) => t('dashboard:config.noSuchColumn', { name }),
  get numericColumn() {
    return t('dashboard:config.numericColumn');
  },
  get temporalDataset() {
    return t('dashboard:config.temporalDataset');
  },
  get cycle() {
    return t('dashboard:config.cycle');
  },
  get defaultRequired() {
    return t('dashboard:config.defaultRequired');
  },
  get rangeOrder() {
    return t('dashboard:config.rangeOrder');
  },
  noSuchMetric: (name: string) => t('dashboard:config.noSuchMetric', { name }),
  get untitled() {
    return t('dashboard:filterBar.untitled');
  },
};

const M = CONFIG_MESSAGES;

/** The draft the modal opens with: the saved list, on the filter asked for (else the first item). */
export function initialDraft(items: readonly FilterConfigItem[], focusId: string | null): ConfigDraft {
  const selectedId = items.some((i) => i.id === focusId) ? focusId : (items[0]?.id ?? null);
  return { items: [...items], removed: {}, selectedId, touched: {}, saveAttempted: false };
}

export const isRemoved = (draft: ConfigDraft, id: string): boolean => draft.removed[id] !== undefined;

/** The items a save keeps: those not removed. */
export const liveItems = (draft: ConfigDraft): FilterConfigItem[] => draft.items.filter((i) => !isRemoved(draft, i.id));

/** How an item reads in the list: its name (a divider's title), or "[untitled]". */
export function itemTitle(item: FilterConfigItem): string {
  const text = isFilterDivider(item) ? item.title : isNativeFilter(item) ? item.name : '';
  return text.trim() || M.untitled;
}

/** `items` with the item `id` moved to where `overId` is (the list's drag and drop). */
export function moveItemTo<T extends { id: string }>(items: readonly T[], id: string, overId: string): T[] {
  const from = items.findIndex((i) => i.id === id);
  const to = items.findIndex((i) => i.id === overId);
  if (from < 0 || to < 0 || from === to) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}

/** The live item nearest to `id` in the list (after it first), for the selection to move to. */
function neighbourOf(draft: ConfigDraft, items: readonly FilterConfigItem[], id: string): string | null {
  const index = draft.items.findIndex((i) => i.id === id);
  const after = draft.items.slice(index + 1).find((i) => items.includes(i));
  const before = [...draft.items.slice(0, Math.max(0, index))].reverse().find((i) => items.includes(i));
  return (after ?? before)?.id ?? null;
}

export function configReducer(draft: ConfigDraft, action: ConfigAction): ConfigDraft {
  switch (action.type) {
    case 'select':
      return draft.items.some((i) => i.id === action.id) ? { ...draft, selectedId: action.id } : draft;
    case 'add':
      return { ...draft, items: [...draft.items, action.item], selectedId: action.item.id };
    case 'change': {
      const { item, fields } = action;
      if (!draft.items.some((i) => i.id === item.id)) return draft;
      const touched = [...new Set([...(draft.touched[item.id] ?? []), ...fields])];
      return {
        ...draft,
        items: draft.items.map((i) => (i.id === item.id ? item : i)),
        touched: { ...draft.touched, [item.id]: touched },
      };
    }
    // spec 4: a removal stays pending (restorable) for 5 s, then is final
    case 'remove':
      if (!draft.items.some((i) => i.id === action.id)) return draft;
      return { ...draft, removed: { ...draft.removed, [action.id]: action.now + FILTER_REMOVAL_UNDO_MS } };
    case 'restore': {
      const removed = { ...draft.removed };
      delete removed[action.id];
      return { ...draft, removed };
    }
    case 'purgeExpired': {
      const expired = Object.entries(draft.removed)
        .filter(([, until]) => until <= action.now)
        .map(([id]) => id);
      if (!expired.length) return draft;
      const gone = new Set(expired);
      const items = draft.items.filter((i) => !gone.has(i.id));
      const removed = Object.fromEntries(Object.entries(draft.removed).filter(([id]) => !gone.has(id)));
      const live = items.filter((i) => removed[i.id] === undefined);
      const selectedId =
        draft.selectedId !== null && gone.has(draft.selectedId) ? neighbourOf(draft, live, draft.selectedId) : draft.selectedId;
      return { ...draft, items, removed, selectedId };
    }
    case 'move':
      return { ...draft, items: moveItemTo(draft.items, action.id, action.overId) };
    case 'showErrors':
      return { ...draft, saveAttempted: true, selectedId: action.focusId ?? draft.selectedId };
  }
}

/** What the checks need to know besides the list: the datasets loaded so far. */
export interface ValidationContext {
  /** the dataset with this id, when it is loaded (checks that need its columns wait until then) */
  dataset: (id: number) => ExploreDatasource | undefined;
}

function validateFilter(filter: NativeFilter, items: readonly FilterConfigItem[], ctx: ValidationContext): FieldErrors {
  const errors: FieldErrors = {};
  if (!filter.name.trim()) errors.name = M.nameRequired;

  const target = filter.targets?.[0];
  const datasetId = target?.datasetId;
  const dataset = datasetId ? ctx.dataset(datasetId) : undefined;
  if (!datasetId) errors.dataset = M.datasetRequired;
  else if (dataset && isTimeFilterType(filter.filterType) && temporalColumns(dataset).length === 0) errors.dataset = M.temporalDataset;

  const columnName = target?.column?.name;
  if (filterTypeTakesColumn(filter.filterType)) {
    const column = dataset?.columns.find((c) => c.column_name === columnName);
    if (!columnName) errors.column = M.columnRequired;
    else if (dataset && !column) errors.column = M.noSuchColumn(columnName);
    else if (column && filter.filterType === 'filter_range' && !columnTakesNumbers(column)) errors.column = M.numericColumn;
  }

  const parents = filter.cascadeParentIds ?? [];
  if (parents.some((p) => p === filter.id || ancestorFilterIds(items, p).includes(filter.id))) errors.parents = M.cycle;

  const firstItemByDefault = filter.filterType === 'filter_select' && Boolean(filter.controlValues?.defaultToFirstItem);
  const state = filter.defaultDataMask?.filterState;
  if (filter.controlValues?.enableEmptyFilter && !firstItemByDefault && !hasFilterValue(state)) errors.defaultValue = M.defaultRequired;
  else if (filter.filterType === 'filter_range' && Array.isArray(state?.value)) {
    const [lo, hi] = state.value as unknown[];
    if (typeof lo === 'number' && typeof hi === 'number' && lo > hi) errors.defaultValue = M.rangeOrder;
  }

  const sortMetric = filter.filterType === 'filter_select' ? filter.sortMetric : null;
  if (sortMetric && dataset && !dataset.metrics.some((m) => m.metric_name === sortMetric)) errors.sortMetric = M.noSuchMetric(sortMetric);
  return errors;
}

/** The failing fields of one item (none: it may be saved). */
export function validateItem(item: FilterConfigItem, items: readonly FilterConfigItem[], ctx: ValidationContext): FieldErrors {
  if (isFilterDivider(item)) return item.title.trim() ? {} : { title: M.titleRequired };
  return isNativeFilter(item) ? validateFilter(item, items, ctx) : {};
}

/** The failing items of the draft (removed ones are not checked): id → failing fields. */
export function validateDraft(draft: ConfigDraft, ctx: ValidationContext): Record<string, FieldErrors> {
  const items = liveItems(draft);
  const out: Record<string, FieldErrors> = {};
  for (const item of items) {
    const errors = validateItem(item, items, ctx);
    if (Object.keys(errors).length) out[item.id] = errors;
  }
  return out;
}

/** The errors the form shows for an item: all of them once a save was tried, else those of the fields the user changed. */
export function visibleErrors(draft: ConfigDraft, errors: Record<string, FieldErrors>, id: string): FieldErrors {
  const all = errors[id] ?? {};
  if (draft.saveAttempted) return all;
  const touched = draft.touched[id] ?? [];
  return Object.fromEntries(Object.entries(all).filter(([field]) => touched.includes(field as FilterField))) as FieldErrors;
}

/**
 * Spec 5: on a save with errors the form stays on the current filter when one of the failing
 * fields is its own, else it jumps to the first failing filter of the list. Null: nothing fails.
 */
export function jumpTarget(draft: ConfigDraft, errors: Record<string, FieldErrors>): string | null {
  if (draft.selectedId !== null && errors[draft.selectedId]) return draft.selectedId;
  return liveItems(draft).find((i) => errors[i.id])?.id ?? null;
}

/**
 * The list a save stores: removed items left out, and parents that are gone or no longer value
 * filters left out of the others' cascadeParentIds (an item keeps its object when nothing changes,
 * so an untouched filter does not count as modified).
 */
export function finalItems(draft: ConfigDraft): FilterConfigItem[] {
  const items = liveItems(draft);
  const parents = new Set(items.filter((i) => isNativeFilter(i) && i.filterType === 'filter_select').map((i) => i.id));
  return items.map((item) => {
    if (!isNativeFilter(item) || !item.cascadeParentIds?.length) return item;
    const kept = item.cascadeParentIds.filter((p) => parents.has(p) && p !== item.id);
    return kept.length === item.cascadeParentIds.length ? item : { ...item, cascadeParentIds: kept };
  });
}

/** PUT /api/v1/dashboard/{id}/filters body: what changed since the modal opened. */
export const changesToSave = (initial: readonly FilterConfigItem[], draft: ConfigDraft): FilterChanges =>
  computeFilterChanges(initial, finalItems(draft));

/** Cancel asks for a confirmation only when a save would change something. */
export const hasUnsavedChanges = (initial: readonly FilterConfigItem[], draft: ConfigDraft): boolean =>
  hasFilterChanges(changesToSave(initial, draft));

export type SaveStep =
  | { kind: 'invalid'; focusId: string | null }
  /** spec 5: saving skips the update if every change list is empty */
  | { kind: 'unchanged' }
  | { kind: 'save'; changes: FilterChanges };

/** What "Save" does with the draft: show the errors, close without a request, or send the changes. */
export function saveStep(initial: readonly FilterConfigItem[], draft: ConfigDraft, ctx: ValidationContext): SaveStep {
  const errors = validateDraft(draft, ctx);
  if (Object.keys(errors).length) return { kind: 'invalid', focusId: jumpTarget(draft, errors) };
  const changes = changesToSave(initial, draft);
  return hasFilterChanges(changes) ? { kind: 'save', changes } : { kind: 'unchanged' };
}

/**
 * json_metadata after a save holds the saved filter list, so a later dashboard save (which writes
 * json_metadata whole) writes that list, not the old one.
 */
export const withFilterConfiguration = (metadata: DashboardMetadata, config: FilterConfigItem[]): DashboardMetadata => ({
  ...metadata,
  native_filter_configuration: config,
});
