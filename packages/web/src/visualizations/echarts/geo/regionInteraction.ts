/**
 * Cross-filters and drilling on the region maps (world map, country map). A region (a country, a
 * state) and the bubble or dot drawn for it share one key, the ECharts region name; a click on
 * either filters on the chart's code column with the row's value, as the peer's maps do. Regions
 * and markers outside the selection are drawn faded. Without `interaction` (Explore) nothing is
 * bound, and `onRegionClick` (the country map's zoom) gets the clicks instead.
 */
import { useMemo, useRef } from 'react';
import type { EChartsCoreOption } from 'echarts/core';
import type { ChartInteraction } from '../../types';
import {
  DIMMED_OPACITY,
  crossFilterOf,
  isSelected,
  pointFilters,
  toggleCrossFilter,
  type CrossFilterValues,
  type DimensionValue,
} from '../../crossFilter';
import type { EChartEventHandlers } from '../EChart';

/** Per region key: the label a selection shows and the values a click filters on. */
export type RegionFilters = Record<string, { label: string; values: DimensionValue[] }>;

interface RegionEvent {
  componentType?: string;
  name?: unknown;
  event?: { event?: MouseEvent };
}

/** The region a map event is on: a geo region's name, or the region key a marker (bubble, dot) carries as its name. */
export function regionKeyOf(e: RegionEvent): string | null {
  if ((e.componentType === 'geo' || e.componentType === 'series') && typeof e.name === 'string' && e.name !== '') return e.name;
  return null;
}

/** What a click on a region filters (null: a region without data, or a code column that is not a dataset column). */
export function regionClickValues(filters: RegionFilters, key: string | null): { label: string; values: DimensionValue[] } | null {
  const hit = key === null ? undefined : filters[key];
  return hit && hit.values.length ? hit : null;
}

type Obj = Record<string, unknown>;

const dim = (item: Obj): Obj => ({ ...item, itemStyle: { ...(item.itemStyle as Obj | undefined), opacity: DIMMED_OPACITY } });

/** Regions and markers outside the selection faded; without `animate` the redraw does not replay the entry animation. */
export function interactiveRegionOption(
  option: EChartsCoreOption,
  filters: RegionFilters,
  crossFilter: CrossFilterValues | null,
  animate: boolean,
): EChartsCoreOption {
  const selected = (key: unknown) => (typeof key === 'string' && filters[key] ? isSelected(crossFilter, filters[key].values) : null);
  const anyOut = Object.keys(filters).some((k) => selected(k) === false);
  const base = animate ? option : { ...option, animation: false };
  if (!anyOut) return base;
  const o = option as { geo?: Obj; series?: Obj[] };
  const geo = o.geo && {
    ...o.geo,
    // a region's style inherits the geo's: the selected ones say they are opaque
    regions: ((o.geo.regions as Obj[] | undefined) ?? []).map((r) =>
      selected(r.name) === true ? { ...r, itemStyle: { ...(r.itemStyle as Obj | undefined), opacity: 1 } } : dim(r),
    ),
    // shapes without data fade too, so the selection stands out
    itemStyle: { ...(o.geo.itemStyle as Obj | undefined), opacity: DIMMED_OPACITY },
  };
  const series = (o.series ?? []).map((s) =>
    Array.isArray(s.data) ? { ...s, data: (s.data as Obj[]).map((d) => (selected(d.name) === false ? dim(d) : d)) } : s,
  );
  return { ...base, ...(geo ? { geo } : {}), series };
}

/**
 * Click (cross-filter, else `onRegionClick`) and right-click (drill) handlers for a region map.
 * The host's objects change identity on every render; the handlers stay bound and read the latest.
 */
export function useRegionHandlers(
  interaction: ChartInteraction | undefined,
  filters: RegionFilters,
  onRegionClick?: (key: string | null) => void,
): EChartEventHandlers | undefined {
  const latest = useRef({ interaction, filters, onRegionClick });
  latest.current = { interaction, filters, onRegionClick };
  const crossFilters = Boolean(interaction?.emitCrossFilter);
  const drills = Boolean(interaction?.onContextMenu);
  const zooms = Boolean(onRegionClick);
  return useMemo((): EChartEventHandlers | undefined => {
    if (!crossFilters && !drills && !zooms) return undefined;
    return {
      click: (params: unknown) => {
        const { interaction: current, filters: f, onRegionClick: zoom } = latest.current;
        const key = regionKeyOf(params as RegionEvent);
        if (current?.emitCrossFilter) {
          const hit = regionClickValues(f, key);
          const clicked = hit ? crossFilterOf(hit.values) : null;
          if (!hit || !clicked) return;
          const next = toggleCrossFilter(current.crossFilter, clicked);
          current.emitCrossFilter(next, next ? hit.label : undefined);
          return;
        }
        zoom?.(key);
      },
      contextmenu: (params: unknown) => {
        const { interaction: current, filters: f } = latest.current;
        const e = params as RegionEvent;
        const native = e.event?.event;
        const hit = regionClickValues(f, regionKeyOf(e));
        if (!current?.onContextMenu || !native || !hit) return;
        native.preventDefault();
        current.onContextMenu({ clientX: native.clientX, clientY: native.clientY, filters: pointFilters(hit.values) });
      },
    };
  }, [crossFilters, drills, zooms]);
}
