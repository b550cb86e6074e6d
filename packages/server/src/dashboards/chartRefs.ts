/**
 * The chart and dataset references a dashboard keeps in its layout (`position_json`) and its
 * metadata (`json_metadata`), and how they are rewritten when the charts change ids: a copy that
 * duplicates its charts, an import from another installation (charts found by uuid), an export
 * (datasets named by uuid). Pure functions: they return new documents and never change their input.
 */
import {
  CHART_TYPE,
  MARKDOWN_TYPE,
  MAX_FILTER_BOXES,
  ROW_TYPE,
  filterBoxToNativeFilters,
  filterBoxesToNativeFilters,
  legacyChartAsMarkdown,
} from '@rama/shared';

/** A layout as stored: component id → component, plus the `DASHBOARD_VERSION_KEY` entry. */
export type Position = Record<string, unknown>;
type Json = Record<string, unknown>;
/** old chart id → new chart id */
export type ChartIdMap = ReadonlyMap<number, number>;

const isRecord = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);
const isId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;
const clone = <T>(v: T): T => structuredClone(v);

/** The chart components of a layout, with their meta (created when missing). */
function chartComponents(position: Position): Json[] {
  const out: Json[] = [];
  for (const item of Object.values(position)) {
    if (!isRecord(item) || item.type !== CHART_TYPE) continue;
    if (!isRecord(item.meta)) item.meta = {};
    out.push(item);
  }
  return out;
}

const metaOf = (item: Json): Json => item.meta as Json;

/** The layout with each chart's `chartId` moved to its new id (ids not in the map stay). */
export function remapLayoutCharts(position: Position, ids: ChartIdMap): Position {
  const next = clone(position);
  for (const item of chartComponents(next)) {
    const meta = metaOf(item);
    if (isId(meta.chartId) && ids.has(meta.chartId)) meta.chartId = ids.get(meta.chartId);
  }
  return next;
}

/**
 * The layout with each chart's uuid written beside its id, as the BI server stores it, so an
 * export can name the chart and an import can find it again.
 */
export function withChartUuids(position: Position, uuids: ReadonlyMap<number, string>): Position {
  const next = clone(position);
  for (const item of chartComponents(next)) {
    const meta = metaOf(item);
    const uuid = isId(meta.chartId) ? uuids.get(meta.chartId) : undefined;
    if (uuid) meta.uuid = uuid;
  }
  return next;
}

/**
 * An imported layout pointed at this installation's charts: each chart component is found by its
 * uuid. Components whose chart is not here are dropped (and unlinked from their parents). Also
 * answers the old → new id map the metadata needs.
 */
export function resolveLayoutUuids(
  position: Position,
  uuidToId: ReadonlyMap<string, number>,
): { position: Position; ids: Map<number, number> } {
  const next = clone(position);
  const ids = new Map<number, number>();
  const dropped = new Set<string>();
  for (const [key, item] of Object.entries(next)) {
    if (!isRecord(item) || item.type !== CHART_TYPE) continue;
    const meta = isRecord(item.meta) ? item.meta : {};
    const found = typeof meta.uuid === 'string' ? uuidToId.get(meta.uuid.toLowerCase()) : undefined;
    if (found === undefined) {
      dropped.add(key);
      continue;
    }
    if (isId(meta.chartId)) ids.set(meta.chartId, found);
    item.meta = { ...meta, chartId: found, uuid: (meta.uuid as string).toLowerCase() };
  }
  for (const key of dropped) delete next[key];
  if (dropped.size)
    for (const item of Object.values(next))
      if (isRecord(item) && Array.isArray(item.children)) item.children = item.children.filter((c) => !dropped.has(String(c)));
  return { position: next, ids };
}

/**
 * The metadata with every chart id it holds moved through `ids`: expanded and refresh-immune
 * charts, chart configuration (keys, ids, cross-filter scopes), legacy filter scopes and default
 * filters, and the native filters' scopes. With `dropUnknown` an id missing from the map is
 * removed (an import: the chart is not here); without it the id stays (a copy keeps the charts
 * it did not duplicate).
 */
export function remapMetadataChartIds(metadata: Json, ids: ChartIdMap, opts: { dropUnknown: boolean }): Json {
  const md = clone(metadata);
  const one = (v: unknown): number | undefined => {
    const id = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
    if (!isId(id)) return undefined;
    return ids.get(id) ?? (opts.dropUnknown ? undefined : id);
  };
  const list = (v: unknown): unknown => (Array.isArray(v) ? v.map(one).filter((x): x is number => x !== undefined) : v);
  const keyed = (v: unknown, each: (value: unknown, id: number) => unknown = (x) => x): unknown => {
    if (!isRecord(v)) return v;
    const out: Json = {};
    for (const [key, value] of Object.entries(v)) {
      const id = one(key);
      if (id !== undefined) out[String(id)] = each(value, id);
    }
    return out;
  };
  const scoped = (scope: unknown): unknown =>
    isRecord(scope) && 'excluded' in scope ? { ...scope, excluded: list(scope.excluded) } : scope;

  if ('expanded_slices' in md) md.expanded_slices = keyed(md.expanded_slices);
  if ('timed_refresh_immune_slices' in md) md.timed_refresh_immune_slices = list(md.timed_refresh_immune_slices);
  if ('filter_scopes' in md)
    md.filter_scopes = keyed(md.filter_scopes, (columns) => {
      if (!isRecord(columns)) return columns;
      const out: Json = {};
      for (const [column, attrs] of Object.entries(columns))
        out[column] = isRecord(attrs) && 'immune' in attrs ? { ...attrs, immune: list(attrs.immune) } : attrs;
      return out;
    });
  if (typeof md.default_filters === 'string') {
    try {
      const parsed: unknown = JSON.parse(md.default_filters);
      if (isRecord(parsed)) md.default_filters = JSON.stringify(keyed(parsed));
    } catch {
      // not JSON: left as it is, the client ignores it
    }
  }
  if ('chart_configuration' in md)
    md.chart_configuration = keyed(md.chart_configuration, (config, id) => {
      if (!isRecord(config)) return config;
      const out: Json = { ...config, id };
      if (isRecord(config.crossFilters))
        out.crossFilters = {
          ...config.crossFilters,
          scope: scoped(config.crossFilters.scope),
          ...('chartsInScope' in config.crossFilters ? { chartsInScope: list(config.crossFilters.chartsInScope) } : {}),
        };
      return out;
    });
  if (isRecord(md.global_chart_configuration)) {
    const g = md.global_chart_configuration;
    md.global_chart_configuration = {
      ...g,
      scope: scoped(g.scope),
      ...('chartsInScope' in g ? { chartsInScope: list(g.chartsInScope) } : {}),
    };
  }
  if (Array.isArray(md.native_filter_configuration))
    md.native_filter_configuration = md.native_filter_configuration.map((f: unknown) =>
      isRecord(f)
        ? {
            ...f,
            ...('scope' in f ? { scope: scoped(f.scope) } : {}),
            ...('chartsInScope' in f ? { chartsInScope: list(f.chartsInScope) } : {}),
          }
        : f,
    );
  return md;
}

/** Every target of every native filter, for reading or rewriting its dataset. */
function filterTargets(md: Json): Json[] {
  if (!Array.isArray(md.native_filter_configuration)) return [];
  return md.native_filter_configuration.flatMap((f: unknown) =>
    isRecord(f) && Array.isArray(f.targets) ? f.targets.filter(isRecord) : [],
  ) as Json[];
}

/** The dataset ids native filters read. */
export function nativeFilterDatasetIds(metadata: Json): number[] {
  return [
    ...new Set(
      filterTargets(metadata)
        .map((t) => t.datasetId)
        .filter(isId),
    ),
  ];
}

/** The dataset uuids an exported dashboard's native filters read. */
export function nativeFilterDatasetUuids(metadata: Json): string[] {
  return [
    ...new Set(
      filterTargets(metadata)
        .map((t) => t.datasetUuid)
        .filter((u): u is string => typeof u === 'string')
        .map((u) => u.toLowerCase()),
    ),
  ];
}

/**
 * For an export: native filter targets name their dataset by uuid instead of id (the BI server's
 * bundle format). An id is never exported (it means nothing in another installation): a target
 * whose dataset is not in the bundle leaves without one, as the BI server exports it.
 */
export function nativeFiltersByUuid(metadata: Json, uuids: ReadonlyMap<number, string>): Json {
  const md = clone(metadata);
  for (const target of filterTargets(md)) {
    if (!('datasetId' in target)) continue;
    const uuid = isId(target.datasetId) ? uuids.get(target.datasetId) : undefined;
    delete target.datasetId;
    if (uuid !== undefined) target.datasetUuid = uuid;
  }
  return md;
}

/**
 * For an import: native filter targets name this installation's dataset ids again. A bundle's
 * own `datasetId` is another installation's id and is dropped; a uuid that is neither here nor in
 * the bundle leaves the target without a dataset (the filter shows as needing one).
 */
export function nativeFiltersById(metadata: Json, ids: ReadonlyMap<string, number>): Json {
  const md = clone(metadata);
  for (const target of filterTargets(md)) {
    const uuid = target.datasetUuid;
    delete target.datasetUuid;
    delete target.datasetId;
    const id = typeof uuid === 'string' ? ids.get(uuid.toLowerCase()) : undefined;
    if (id !== undefined) target.datasetId = id;
  }
  return md;
}

/** A legacy chart a bundled layout names, as the dashboard import converts it (issue 31 item 2). */
export interface LegacyLayoutChart {
  name: string;
  /** its form data, `viz_type` included */
  formData: Json;
  /** a filter box's dataset uuid (its native filters read it) */
  datasetUuid: string | null;
}

/** A legacy chart the layout no longer holds: a filter box became native filters, a markup chart Markdown. */
export interface LegacyLayoutConversion {
  uuid: string;
  name: string;
  from: string;
  kind: 'native_filter' | 'markdown';
  /** how many native filters a filter box became */
  filters?: number;
}

/** The legacy metadata keys only filter boxes read. */
const LEGACY_FILTER_KEYS = ['default_filters', 'filter_scopes', 'filter_immune_slices', 'filter_immune_slice_fields'] as const;
const MARKDOWN_TYPES = new Set(['markup', 'separator', 'iframe']);

/** The Markdown a markup, separator or iframe chart becomes, or null (an iframe only when it names a web page). */
function markdownOf(formData: Json): string | null {
  const code = legacyChartAsMarkdown(formData);
  if (code === null) return null;
  return formData.viz_type !== 'iframe' || code.startsWith('[') ? code : null;
}

/**
 * A bundled dashboard (layout and metadata still in the bundle's chart ids, charts named by uuid)
 * without its legacy charts, as the BI server's native filter upgrade leaves one: every filter box
 * (the first `MAX_FILTER_BOXES`) becomes native filters with the dashboard's legacy defaults and
 * scopes (`filterBoxesToNativeFilters`), added after the native filters it has; its targets name
 * the box's dataset by uuid, as an export does, and its excluded charts are the bundle's ids, so
 * the import moves both to this installation's ids like any native filter. The boxes leave the
 * layout (a row they empty goes too) and the legacy filter keys leave the metadata. Markup,
 * separator and iframe charts (an iframe only with a web address) become Markdown components in
 * the same place with the same size. `charts` holds the bundle's legacy charts by lowercase uuid.
 */
export function convertLegacyLayout(
  position: Position,
  metadata: Json,
  charts: ReadonlyMap<string, LegacyLayoutChart>,
  options: { newId?: () => string } = {},
): { position: Position; metadata: Json; conversions: LegacyLayoutConversion[] } {
  const next = clone(position);
  const md = clone(metadata);
  const conversions: LegacyLayoutConversion[] = [];
  const boxes: { key: string; uuid: string; chart: LegacyLayoutChart; chartId: number }[] = [];
  const renamed = new Map<string, string>();
  const usedIds = new Set(
    Object.values(next)
      .filter(isRecord)
      .map((item) => (isRecord(item.meta) ? item.meta.chartId : undefined))
      .filter(isId),
  );
  let spareId = Math.max(0, ...usedIds);

  for (const [key, item] of Object.entries(next)) {
    if (!isRecord(item) || item.type !== CHART_TYPE || !isRecord(item.meta) || typeof item.meta.uuid !== 'string') continue;
    const uuid = item.meta.uuid.toLowerCase();
    const chart = charts.get(uuid);
    const vizType = chart?.formData.viz_type;
    if (!chart || typeof vizType !== 'string') continue;
    if (vizType === 'filter_box' && chart.datasetUuid && boxes.length < MAX_FILTER_BOXES) {
      // a box without an id of its own has no defaults or scopes: it gets one no chart uses
      const chartId = isId(item.meta.chartId) ? item.meta.chartId : ++spareId;
      boxes.push({ key, uuid, chart, chartId });
    } else if (MARKDOWN_TYPES.has(vizType)) {
      const code = markdownOf(chart.formData);
      if (code === null) continue;
      let id = key.startsWith('CHART-') ? key.replace(/^CHART-/, 'MARKDOWN-') : `MARKDOWN-${key}`;
      for (let n = 2; id in next || [...renamed.values()].includes(id); n++) id = `MARKDOWN-${key}-${n}`;
      const meta: Json = { code };
      if (item.meta.width !== undefined) meta.width = item.meta.width;
      if (item.meta.height !== undefined) meta.height = item.meta.height;
      delete next[key];
      next[id] = { ...item, type: MARKDOWN_TYPE, id, children: [], meta };
      renamed.set(key, id);
      conversions.push({ uuid, name: chart.name, from: vizType, kind: 'markdown' });
    }
  }

  if (boxes.length) {
    // placeholder dataset ids (the box's place + 1), named by uuid below
    const filters = filterBoxesToNativeFilters(
      boxes.map((b, i) => ({ chartId: b.chartId, datasetId: i + 1, formData: b.chart.formData })),
      md,
      position,
      options,
    );
    for (const filter of filters)
      for (const target of filter.targets as Json[]) {
        if (!isId(target.datasetId)) continue;
        target.datasetUuid = boxes[target.datasetId - 1].chart.datasetUuid;
        delete target.datasetId;
      }
    const existing = Array.isArray(md.native_filter_configuration) ? md.native_filter_configuration : [];
    md.native_filter_configuration = [...existing, ...filters];
    for (const box of boxes) {
      // the filters of one box, counted as the conversion of that box alone makes them
      const count = filterBoxToNativeFilters(box.chart.formData, md, box.chartId, 1, { newId: () => 'count' }).length;
      conversions.push({ uuid: box.uuid, name: box.chart.name, from: 'filter_box', kind: 'native_filter', filters: count });
    }
    for (const key of LEGACY_FILTER_KEYS) delete md[key];
  }
  return { position: removeComponents(renameComponents(next, renamed), new Set(boxes.map((b) => b.key))), metadata: md, conversions };
}

/** The layout with components moved to new ids (`renamed`: old id → new id) in every parent's children. */
function renameComponents(position: Position, renamed: ReadonlyMap<string, string>): Position {
  if (!renamed.size) return position;
  for (const item of Object.values(position))
    if (isRecord(item) && Array.isArray(item.children)) item.children = item.children.map((c) => renamed.get(String(c)) ?? c);
  return position;
}

/** The layout without `keys`, unlinked from their parents; a row they leave empty goes too. */
function removeComponents(position: Position, keys: ReadonlySet<string>): Position {
  let gone = new Set(keys);
  while (gone.size) {
    for (const key of gone) delete position[key];
    const emptied = new Set<string>();
    for (const [key, item] of Object.entries(position)) {
      if (!isRecord(item) || !Array.isArray(item.children)) continue;
      const kept = item.children.filter((c) => !gone.has(String(c)));
      if (kept.length < item.children.length && kept.length === 0 && item.type === ROW_TYPE) emptied.add(key);
      item.children = kept;
    }
    gone = emptied;
  }
  return position;
}
