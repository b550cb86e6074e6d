/**
 * What changed between two saved states, as the History panel's compare view and the one-line
 * summaries read it: changed chart controls, layout moves, a line diff of SQL.
 */
import type { DashboardLayout, LayoutItem } from '../dashboards/types.js';
import { CHART_TYPE, DASHBOARD_VERSION_KEY } from '../dashboards/types.js';

/** Parse JSON text into a plain object; anything else (bad JSON, null, a list) is `{}`. */
export function jsonObject(text: string | null | undefined): Record<string, unknown> {
  if (!text) return {};
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Deep equality of JSON values, key order ignored. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => sameJson(v, b[i]));
  const ka = Object.keys(a as object).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b as object).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** Form data keys that follow from the chart itself, not from a control the user set. */
const DERIVED_PARAMS = new Set(['datasource', 'slice_id', 'viz_type', 'url_params', 'dashboards']);

/** The words the summary uses for well-known controls; any other key reads with spaces for underscores. */
const CONTROL_LABELS: Record<string, string> = {
  groupby: 'dimensions',
  adhoc_filters: 'filters',
  time_range: 'time range',
  time_grain_sqla: 'time grain',
  x_axis: 'x-axis',
  row_limit: 'row limit',
  color_scheme: 'color scheme',
  granularity_sqla: 'time column',
};
export const controlLabel = (key: string): string => CONTROL_LABELS[key] ?? key.replace(/_/g, ' ');

export interface ControlChange {
  key: string;
  label: string;
  before: unknown;
  after: unknown;
}

/** The controls whose values differ between two charts' form data (`params` text), in key order. */
export function chartControlChanges(before: string | null | undefined, after: string | null | undefined): ControlChange[] {
  const a = jsonObject(before);
  const b = jsonObject(after);
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => !DERIVED_PARAMS.has(k)).sort();
  return keys
    .filter((k) => !sameJson(a[k] ?? null, b[k] ?? null))
    .map((key) => ({ key, label: controlLabel(key), before: a[key] ?? null, after: b[key] ?? null }));
}

/** A layout from `position_json` text (the version key dropped); `{}` when there is none. */
export function layoutOf(positionJson: string | null | undefined): DashboardLayout {
  const raw = jsonObject(positionJson);
  const out: DashboardLayout = {};
  for (const [id, item] of Object.entries(raw)) {
    if (id === DASHBOARD_VERSION_KEY || !item || typeof item !== 'object') continue;
    const it = item as Partial<LayoutItem>;
    if (typeof it.type !== 'string') continue;
    out[id] = { ...(it as LayoutItem), id, children: Array.isArray(it.children) ? it.children : [] };
  }
  return out;
}

export interface LayoutChart {
  id: string;
  chartId: number | null;
  name: string;
}

export interface LayoutChanges {
  added: LayoutChart[];
  removed: LayoutChart[];
  /** in another container, or in another place among the components both layouts have */
  moved: LayoutChart[];
  /** same place, other width or height */
  resized: LayoutChart[];
  /** anything else in the layout (headers, markdown, tabs, rows) differs */
  otherChanged: boolean;
}

function chartOf(item: LayoutItem): LayoutChart {
  const meta = item.meta ?? {};
  const name = meta.sliceNameOverride || meta.sliceName || (typeof meta.chartId === 'number' ? `Chart ${meta.chartId}` : item.id);
  return { id: item.id, chartId: typeof meta.chartId === 'number' ? meta.chartId : null, name: String(name) };
}

function parentMap(layout: DashboardLayout): Map<string, string> {
  const out = new Map<string, string>();
  for (const item of Object.values(layout)) for (const c of item.children) out.set(c, item.id);
  return out;
}

/** Each component's index among the siblings that sit under the same parent in both layouts. */
function indexes(layout: DashboardLayout, stay: ReadonlySet<string>): Map<string, number> {
  const out = new Map<string, number>();
  for (const item of Object.values(layout)) item.children.filter((c) => stay.has(c)).forEach((c, i) => out.set(c, i));
  return out;
}

/** Charts added, removed, moved (other parent, or other order among the ones that stayed) and resized, matched by component id. */
export function layoutChanges(before: DashboardLayout, after: DashboardLayout): LayoutChanges {
  const common = new Set(Object.keys(before).filter((id) => id in after));
  const parentA = parentMap(before);
  const parentB = parentMap(after);
  // a component taken out of a row does not make the ones after it "moved"
  const stay = new Set([...common].filter((id) => parentA.get(id) === parentB.get(id)));
  const ia = indexes(before, stay);
  const ib = indexes(after, stay);
  const out: LayoutChanges = { added: [], removed: [], moved: [], resized: [], otherChanged: false };
  for (const item of Object.values(after)) if (item.type === CHART_TYPE && !(item.id in before)) out.added.push(chartOf(item));
  for (const item of Object.values(before)) if (item.type === CHART_TYPE && !(item.id in after)) out.removed.push(chartOf(item));
  for (const id of common) {
    const a = before[id];
    const b = after[id];
    const moved = !stay.has(id) || ia.get(id) !== ib.get(id);
    if (a.type === CHART_TYPE && b.type === CHART_TYPE) {
      if (moved) out.moved.push(chartOf(b));
      else if (a.meta?.width !== b.meta?.width || a.meta?.height !== b.meta?.height) out.resized.push(chartOf(b));
    } else if (moved || !sameJson(a.meta ?? {}, b.meta ?? {}) || a.type !== b.type) {
      out.otherChanged = true;
    }
  }
  const nonChart = (l: DashboardLayout, other: DashboardLayout) => Object.values(l).some((i) => i.type !== CHART_TYPE && !(i.id in other));
  if (nonChart(before, after) || nonChart(after, before)) out.otherChanged = true;
  return out;
}

export type DiffLine = { kind: 'same' | 'added' | 'removed'; text: string };

/** Lines compared cell by cell at most; beyond it the middle reads as all removed then all added. */
export const LINE_DIFF_MAX_CELLS = 4_000_000;

/** A line diff (longest common subsequence) of two texts, for the SQL compare view. */
export function lineDiff(before: string | null | undefined, after: string | null | undefined): DiffLine[] {
  const a = (before ?? '').split('\n');
  const b = (after ?? '').split('\n');
  if (!before) a.length = 0;
  if (!after) b.length = 0;
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const head: DiffLine[] = a.slice(0, start).map((text) => ({ kind: 'same', text }));
  const tail: DiffLine[] = a.slice(endA).map((text) => ({ kind: 'same', text }));
  const ma = a.slice(start, endA);
  const mb = b.slice(start, endB);
  const n = ma.length;
  const m = mb.length;
  if ((n + 1) * (m + 1) > LINE_DIFF_MAX_CELLS) {
    return [
      ...head,
      ...ma.map((text): DiffLine => ({ kind: 'removed', text })),
      ...mb.map((text): DiffLine => ({ kind: 'added', text })),
      ...tail,
    ];
  }
  // lcs[i][j]: common lines of ma[i..] and mb[j..]
  const w = m + 1;
  const lcs = new Uint32Array((n + 1) * w);
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lcs[i * w + j] = ma[i] === mb[j] ? lcs[(i + 1) * w + j + 1] + 1 : Math.max(lcs[(i + 1) * w + j], lcs[i * w + j + 1]);
  const mid: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (ma[i] === mb[j]) {
      mid.push({ kind: 'same', text: ma[i] });
      i++;
      j++;
    } else if (lcs[(i + 1) * w + j] >= lcs[i * w + j + 1]) mid.push({ kind: 'removed', text: ma[i++] });
    else mid.push({ kind: 'added', text: mb[j++] });
  }
  while (i < n) mid.push({ kind: 'removed', text: ma[i++] });
  while (j < m) mid.push({ kind: 'added', text: mb[j++] });
  return [...head, ...mid, ...tail];
}
