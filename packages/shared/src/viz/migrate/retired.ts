/**
 * Legacy types the BI server retired without a current equivalent (issue 31 item 2): what Rama
 * says when such a chart opens ("This chart type was retired; here is the closest: …") and, where
 * the closest type can show the same data, the one-click conversion to it. Markup, separator and
 * iframe charts become dashboard Markdown components on import (`legacyChartAsMarkdown`), and
 * filter boxes become native filters (`filterBoxToNativeFilters`).
 */
import { VIZ_DEFINITIONS } from '../registry.js';
import {
  FORM_DATA_BAK_KEY,
  type FormDataRecord,
  type LegacyMigrationOptions,
  type LegacyMigrationResult,
  asList,
  copyJson,
  isRecord,
  migrateTemporalFilter,
} from './engine.js';
import { migrateLegacyFormData } from './migrate.js';
import type { QueryFormData } from '../types.js';

interface RetiredEntry {
  /** the current type that shows the closest thing, or null */
  closest: string | null;
  /** what the message names as the closest thing when it is not a chart type */
  closestText?: string;
}

const POINT_MAP: RetiredEntry = { closest: 'mapbox' };
const NO_MAP: RetiredEntry = {
  closest: null,
  closestText: 'none — Rama draws points on a map (MapBox) but not arcs, paths, polygons, GeoJSON or layered deck.gl maps',
};

const RETIRED: Readonly<Record<string, RetiredEntry>> = {
  filter_box: { closest: null, closestText: "the dashboard's native filters (importing the dashboard turns a filter box into them)" },
  markup: { closest: null, closestText: 'a Markdown component on the dashboard (importing the dashboard turns the chart into one)' },
  separator: { closest: null, closestText: 'a Markdown component on the dashboard (importing the dashboard turns the chart into one)' },
  iframe: {
    closest: null,
    closestText: 'a Markdown component on the dashboard with a link to the page (importing the dashboard turns the chart into one)',
  },
  event_flow: { closest: 'table' },
  line_multi: { closest: 'mixed_timeseries' },
  deck_scatter: POINT_MAP,
  deck_screengrid: POINT_MAP,
  deck_grid: POINT_MAP,
  deck_hex: POINT_MAP,
  deck_heatmap: POINT_MAP,
  deck_contour: POINT_MAP,
  deck_arc: NO_MAP,
  deck_path: NO_MAP,
  deck_polygon: NO_MAP,
  deck_geojson: NO_MAP,
  deck_multi: NO_MAP,
};

/** The retired legacy keys (no migration; a message and, for some, a conversion). */
export const RETIRED_VIZ_TYPES: readonly string[] = Object.keys(RETIRED);

export interface RetiredVizSuggestion {
  message: string;
  /** the `viz_type` a one-click conversion leads to, or null when there is none */
  closest: string | null;
}

/** The words a retired chart opens with. */
export const retiredVizMessage = (closest: string): string => `This chart type was retired; here is the closest: ${closest}.`;

/** The message and closest current type of a retired legacy `viz_type`, or null for any other key. */
export function retiredVizSuggestion(vizType: string): RetiredVizSuggestion | null {
  const entry = Object.hasOwn(RETIRED, vizType) ? RETIRED[vizType] : undefined;
  if (!entry) return null;
  const name = entry.closest ? `${VIZ_DEFINITIONS.get(entry.closest)?.meta.name ?? entry.closest} ("${entry.closest}")` : null;
  return { message: retiredVizMessage(name ?? entry.closestText ?? 'none'), closest: entry.closest };
}

/** At most this many charts of a multiple line chart are looked up. */
export const MAX_LINE_MULTI_CHARTS = 50;

export interface RetiredConversionContext extends LegacyMigrationOptions {
  /** a saved chart's form data by id (a multiple line chart draws other charts), or undefined */
  chartFormData?: (chartId: number) => unknown;
}

const result = (from: string, to: string, formData: FormDataRecord, backup: FormDataRecord, notes: string[]): LegacyMigrationResult => ({
  formData: { ...formData, viz_type: to, [FORM_DATA_BAK_KEY]: backup } as unknown as QueryFormData,
  from,
  to,
  notes: [`"${from}" became "${to}", the closest current type.`, ...notes],
});

const backupOf = (fd: FormDataRecord): FormDataRecord => {
  const b = copyJson(fd);
  delete b[FORM_DATA_BAK_KEY];
  return b;
};

/** The kept keys of a conversion that starts from scratch, and the notes naming what was left out. */
function pick(fd: FormDataRecord, keys: readonly string[]): FormDataRecord {
  const out: FormDataRecord = {};
  for (const k of keys) if (fd[k] !== undefined) out[k] = copyJson(fd[k]);
  return out;
}

const COMMON_KEYS = ['datasource', 'slice_id', 'adhoc_filters', 'row_limit', 'granularity_sqla', 'time_range', 'url_params'];

/** Event flow → a raw-records table of each entity's events in time order. */
function convertEventFlow(fd: FormDataRecord, options: LegacyMigrationOptions): LegacyMigrationResult {
  const notes: string[] = [];
  const out = pick(fd, COMMON_KEYS);
  const entity = fd.entity;
  const time = fd.granularity_sqla;
  const columns = [entity, time, ...asList(fd.all_columns_x), ...asList(fd.all_columns)].filter(
    (c): c is string => typeof c === 'string' && c.trim() !== '',
  );
  out.query_mode = 'raw';
  out.all_columns = [...new Set(columns)];
  out.order_by_cols = [entity, time].filter((c): c is string => typeof c === 'string' && c !== '').map((c) => JSON.stringify([c, true]));
  migrateTemporalFilter(out, false, options, notes);
  notes.push('The events are listed per entity in time order; the flow diagram itself is not drawn.');
  return result('event_flow', 'table', out, backupOf(fd), notes);
}

const DECK_POINT_TYPES = new Set(['deck_scatter', 'deck_screengrid', 'deck_grid', 'deck_hex', 'deck_heatmap', 'deck_contour']);

/** A deck.gl point layer → the MapBox point map, when its points are longitude and latitude columns. */
function convertDeckPoints(fd: FormDataRecord, options: LegacyMigrationOptions): LegacyMigrationResult | null {
  const spatial = fd.spatial;
  if (!isRecord(spatial) || spatial.type !== 'latlong') return null;
  const lon = spatial.lonCol;
  const lat = spatial.latCol;
  if (typeof lon !== 'string' || !lon || typeof lat !== 'string' || !lat) return null;
  const notes: string[] = [];
  const out = pick(fd, [...COMMON_KEYS, 'mapbox_style']);
  out.all_columns_x = lon;
  out.all_columns_y = lat;
  out.groupby = [];
  out.point_radius = 'Auto';
  const viewport = fd.viewport;
  if (isRecord(viewport)) {
    for (const [from, to] of [
      ['longitude', 'viewport_longitude'],
      ['latitude', 'viewport_latitude'],
      ['zoom', 'viewport_zoom'],
    ] as const) {
      if (typeof viewport[from] === 'number' && Number.isFinite(viewport[from])) out[to] = viewport[from];
    }
  }
  migrateTemporalFilter(out, false, options, notes);
  notes.push(
    'The points are drawn on the MapBox point map (clustered); the layer’s own shapes, colours and JavaScript options are not kept.',
  );
  return result(String(fd.viz_type), 'mapbox', out, backupOf(fd), notes);
}

/** The chart ids a multiple line chart lists under `key`, bounded. */
const chartIds = (v: unknown): number[] =>
  asList(v)
    .map((id) => Number(id))
    .filter((id) => Number.isInteger(id) && id > 0)
    .slice(0, MAX_LINE_MULTI_CHARTS);

/**
 * A multiple line chart (it drew the lines of other saved charts, `line_charts` on the left axis
 * and `line_charts_2` on the right) → a mixed chart of its first chart (query A) and its first
 * right-axis chart, else its second chart (query B), when both read one dataset.
 */
function convertLineMulti(fd: FormDataRecord, context: RetiredConversionContext): LegacyMigrationResult | null {
  const lookup = context.chartFormData;
  if (!lookup) return null;
  const notes: string[] = [];
  const load = (id: number): FormDataRecord | null => {
    const raw = lookup(id);
    if (!isRecord(raw)) {
      notes.push(`Chart ${id} was not found and is left out.`);
      return null;
    }
    const migrated = migrateLegacyFormData(raw, context);
    const data = migrated ? (migrated.formData as FormDataRecord) : raw;
    return data.viz_type === 'echarts_timeseries_line' ||
      data.viz_type === 'echarts_timeseries_smooth' ||
      data.viz_type === 'echarts_timeseries_step'
      ? data
      : (notes.push(`Chart ${id} is not a line chart and is left out.`), null);
  };
  const left = chartIds(fd.line_charts);
  const right = chartIds(fd.line_charts_2);
  const leftCharts = left.map(load).filter((c): c is FormDataRecord => c !== null);
  const rightCharts = right.map(load).filter((c): c is FormDataRecord => c !== null);
  const a = leftCharts[0] ?? rightCharts[0];
  if (!a) return null;
  const aOnRight = leftCharts.length === 0;
  const bCandidate = aOnRight ? rightCharts[1] : (rightCharts[0] ?? leftCharts[1]);
  const bOnRight = bCandidate !== undefined && (aOnRight || rightCharts[0] === bCandidate);
  let b: FormDataRecord | undefined = bCandidate;
  if (b && b.datasource !== a.datasource) {
    notes.push('The second line reads another dataset; a mixed chart reads one, so it is left out.');
    b = undefined;
  }
  const extra = leftCharts.length + rightCharts.length - 1 - (b ? 1 : 0);
  if (extra > 0) notes.push(`${extra} more line chart(s) are left out; a mixed chart draws two queries.`);

  const timeRange = typeof fd.time_range === 'string' && fd.time_range ? fd.time_range : null;
  const filtersOf = (c: FormDataRecord): unknown[] =>
    asList(copyJson(c.adhoc_filters)).map((f) =>
      timeRange && isRecord(f) && f.operator === 'TEMPORAL_RANGE' ? { ...f, comparator: timeRange } : f,
    );
  const out: FormDataRecord = {
    datasource: a.datasource,
    x_axis: copyJson(a.x_axis),
    time_grain_sqla: a.time_grain_sqla,
    metrics: copyJson(asList(a.metrics)),
    groupby: copyJson(asList(a.groupby)),
    adhoc_filters: filtersOf(a),
    yAxisIndex: aOnRight ? 1 : 0,
    metrics_b: b ? copyJson(asList(b.metrics)) : [],
    groupby_b: b ? copyJson(asList(b.groupby)) : [],
    adhoc_filters_b: b ? filtersOf(b) : [],
    yAxisIndexB: bOnRight ? 1 : 0,
  };
  for (const [from, to] of [
    ['x_axis_format', 'x_axis_time_format'],
    ['y_axis_format', 'y_axis_format'],
    ['y_axis_2_format', 'y_axis_format_secondary'],
    ['y_log_scale', 'logAxis'],
    ['show_legend', 'show_legend'],
    ['x_axis_label', 'x_axis_title'],
    ['y_axis_label', 'y_axis_title'],
    ['slice_id', 'slice_id'],
  ] as const) {
    if (fd[from] !== undefined) out[to] = copyJson(fd[from]);
  }
  return result('line_multi', 'mixed_timeseries', out, backupOf(fd), notes);
}

/**
 * The one-click conversion of a retired chart to its closest type, or null when it has none (or,
 * for a multiple line chart, when none of its charts can be read). The input is not changed.
 */
export function convertRetiredChart(formData: unknown, context: RetiredConversionContext = {}): LegacyMigrationResult | null {
  if (!isRecord(formData) || typeof formData.viz_type !== 'string') return null;
  const type = formData.viz_type;
  if (type === 'event_flow') return convertEventFlow(formData, context);
  if (type === 'line_multi') return convertLineMulti(formData, context);
  if (DECK_POINT_TYPES.has(type)) return convertDeckPoints(formData, context);
  return null;
}

const SAFE_URL = /^https?:\/\/[^\s<>"'`()[\]]+$/i;

/**
 * The Markdown a markup, separator or iframe chart becomes on a dashboard (null for other types):
 * the markup's text as it is, the separator's text above a rule, the iframe's page as a link (an
 * http or https address only; an iframe of any other address becomes a note).
 */
export function legacyChartAsMarkdown(formData: unknown): string | null {
  if (!isRecord(formData)) return null;
  const code = typeof formData.code === 'string' ? formData.code : '';
  switch (formData.viz_type) {
    case 'markup':
      return code;
    case 'separator':
      return code.trim() ? `${code}\n\n---\n` : '---\n';
    case 'iframe': {
      const url = typeof formData.url === 'string' ? formData.url.trim() : '';
      return SAFE_URL.test(url) ? `[${url}](${url})\n` : 'An embedded page (iframe) chart was here; its address is not a web address.\n';
    }
    default:
      return null;
  }
}
