/**
 * The dashboard's cross-filter and drill callbacks on an ECharts chart: a click on an element
 * emits the cross-filter (the toggle rule of crossFilter.ts), a right click opens the drill menu
 * at the pointer, and the option is redrawn to show the selection. Without `interaction`
 * (Explore) no handler is bound and the option is drawn as it is.
 */
import { useMemo, useRef } from 'react';
import type { EChartsCoreOption } from 'echarts/core';
import type { ChartInteraction } from '../types';
import { crossFilterOf, pointFilters, toggleCrossFilter, type CrossFilterValues, type DimensionValue } from '../crossFilter';
import type { EChartEventHandlers } from './EChart';

/** The parts of an ECharts element event read here. */
export interface EChartElementEvent {
  componentType?: string;
  seriesId?: string;
  seriesIndex?: number;
  dataIndex?: number;
  event?: { event?: MouseEvent };
}

export interface EChartInteractionResolvers {
  /** what a click on the element cross-filters (null: nothing) */
  click: (e: EChartElementEvent) => { values: DimensionValue[]; label: string } | null;
  /** the dimension values of the element a right click is on (null: not a data element) */
  point: (e: EChartElementEvent) => DimensionValue[] | null;
}

export function useEChartHandlers(
  interaction: ChartInteraction | undefined,
  resolvers: EChartInteractionResolvers,
): EChartEventHandlers | undefined {
  // the host's objects change identity on every render; handlers stay bound and read the latest
  const latest = useRef({ interaction, resolvers });
  latest.current = { interaction, resolvers };
  const enabled = Boolean(interaction?.emitCrossFilter || interaction?.onContextMenu);
  return useMemo((): EChartEventHandlers | undefined => {
    if (!enabled) return undefined;
    return {
      click: (params: unknown) => {
        const { interaction: current, resolvers: r } = latest.current;
        const e = params as EChartElementEvent;
        if (!current?.emitCrossFilter || e.componentType !== 'series') return;
        const hit = r.click(e);
        const clicked = hit ? crossFilterOf(hit.values) : null;
        if (!hit || !clicked) return;
        const next = toggleCrossFilter(current.crossFilter, clicked);
        current.emitCrossFilter(next, next ? hit.label : undefined);
      },
      contextmenu: (params: unknown) => {
        const { interaction: current, resolvers: r } = latest.current;
        const e = params as EChartElementEvent;
        const native = e.event?.event;
        if (!current?.onContextMenu || e.componentType !== 'series' || !native) return;
        const values = r.point(e);
        if (!values) return;
        native.preventDefault();
        current.onContextMenu({ clientX: native.clientX, clientY: native.clientY, filters: pointFilters(values) });
      },
    };
  }, [enabled]);
}

/**
 * The option to draw: as it is without interaction; otherwise through `decorate` with the
 * selection. A redraw for a new selection of the same data does not replay the entry animation.
 */
export function useInteractiveOption(
  option: EChartsCoreOption,
  interaction: ChartInteraction | undefined,
  decorate: (option: EChartsCoreOption, crossFilter: CrossFilterValues | null, animate: boolean) => EChartsCoreOption,
): EChartsCoreOption {
  const drawn = useRef<EChartsCoreOption | null>(null);
  const enabled = Boolean(interaction);
  const crossFilter = interaction?.crossFilter ?? null;
  const decorateRef = useRef(decorate);
  decorateRef.current = decorate;
  return useMemo(() => {
    if (!enabled) return option;
    const animate = drawn.current !== option;
    drawn.current = option;
    return decorateRef.current(option, crossFilter, animate);
  }, [option, enabled, crossFilter]);
}
