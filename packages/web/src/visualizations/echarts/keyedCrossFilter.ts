/**
 * Cross-filters and drilling for charts whose clickable elements are nodes and links (graph,
 * sankey, chord) or nested nodes (treemap, sunburst, partition), pure. Every clickable data item
 * carries a `filterKey`; the chart keeps, per key, the dimension values the element stands for. A
 * click filters on them, a right click drills on them, and elements outside the selection are
 * drawn at a lower opacity (links by their line, the rest by their fill).
 */
import type { EChartsCoreOption } from 'echarts/core';
import { DIMMED_OPACITY, crossFilterLabel, isSelected, type CrossFilterValues, type DimensionValue } from '../crossFilter';
import type { EChartElementEvent } from './useEChartInteraction';

/** Per element key: the dimension values it stands for (empty: nothing to filter). */
export type KeyedValues = Record<string, DimensionValue[]>;

/** An ECharts element event with the data item it was raised on. */
export type KeyedEvent = EChartElementEvent & { data?: unknown };

/** The `filterKey` of the data item an event was raised on. */
export function eventKey(e: KeyedEvent): string | null {
  const data = e.data;
  if (typeof data !== 'object' || data === null) return null;
  const key = (data as { filterKey?: unknown }).filterKey;
  return typeof key === 'string' ? key : null;
}

/** What a click on the element cross-filters (null: an element without dataset columns). */
export function keyedClickValues(keyed: KeyedValues, e: KeyedEvent) {
  const key = eventKey(e);
  const values = key === null ? undefined : keyed[key];
  return values && values.length ? { values, label: crossFilterLabel(values) } : null;
}

/** The dimension values a right click on the element drills on. */
export function keyedPointValues(keyed: KeyedValues, e: KeyedEvent) {
  const key = eventKey(e);
  const values = key === null ? undefined : keyed[key];
  return values && values.length ? values : null;
}

type Item = Record<string, unknown>;
const isItem = (d: unknown): d is Item => typeof d === 'object' && d !== null && !Array.isArray(d);

/** Where an element's opacity lives. */
const LINK_LISTS = new Set(['links', 'edges']);

function dimItems(items: unknown[], keyed: KeyedValues, crossFilter: CrossFilterValues | null, link: boolean): unknown[] {
  return items.map((d) => {
    if (!isItem(d)) return d;
    let item = d;
    if (Array.isArray(d.children)) item = { ...item, children: dimItems(d.children, keyed, crossFilter, false) };
    const key = typeof d.filterKey === 'string' ? d.filterKey : null;
    const values = key === null ? undefined : keyed[key];
    if (!values?.length || isSelected(crossFilter, values) !== false) return item;
    const styleKey = link ? 'lineStyle' : 'itemStyle';
    const style = isItem(d[styleKey]) ? (d[styleKey] as Item) : {};
    const dimmed = link ? DIMMED_OPACITY / 2 : DIMMED_OPACITY;
    return { ...item, [styleKey]: { ...style, opacity: dimmed } };
  });
}

/** The option with the elements outside the selection dimmed; without `animate` the redraw does not replay the entry animation. */
export function interactiveKeyedOption(
  option: EChartsCoreOption,
  keyed: KeyedValues,
  crossFilter: CrossFilterValues | null,
  animate: boolean,
): EChartsCoreOption {
  const raw = (option as { series?: unknown }).series;
  const series = (Array.isArray(raw) ? raw : raw ? [raw] : []) as Item[];
  const next = series.map((s) => {
    const out: Item = { ...s };
    for (const list of ['data', 'nodes', 'links', 'edges']) {
      const items = s[list];
      if (Array.isArray(items)) out[list] = dimItems(items, keyed, crossFilter, LINK_LISTS.has(list));
    }
    return out;
  });
  return { ...option, series: next, ...(animate ? {} : { animation: false }) };
}
