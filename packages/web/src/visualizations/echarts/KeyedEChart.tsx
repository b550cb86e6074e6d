/**
 * An ECharts chart whose nodes, links or nested nodes cross-filter and drill (keyedCrossFilter.ts):
 * the option is redrawn with the selection, a click emits the element's values, a right click
 * drills on them. `onClick` sees every click first (the partition zooms on one).
 */
import { useMemo } from 'react';
import type { EChartsCoreOption } from 'echarts/core';
import type { ChartSize } from '../types';
import { EChart, type EChartEventHandlers } from './EChart';
import { useEChartHandlers, useInteractiveOption } from './useEChartInteraction';
import { interactiveKeyedOption, keyedClickValues, keyedPointValues, type KeyedEvent, type KeyedValues } from './keyedCrossFilter';

export interface KeyedEChartProps extends ChartSize {
  option: EChartsCoreOption;
  keyed: KeyedValues;
  /** a click the chart handles itself; true: handled (no cross-filter) */
  onClick?: (e: KeyedEvent) => boolean;
}

export function KeyedEChart({ option, keyed, onClick, width, height, onRendered, interaction }: KeyedEChartProps) {
  const drawn = useInteractiveOption(option, interaction, (o, crossFilter, animate) =>
    interactiveKeyedOption(o, keyed, crossFilter, animate),
  );
  const filterHandlers = useEChartHandlers(interaction, {
    click: (e) => keyedClickValues(keyed, e as KeyedEvent),
    point: (e) => keyedPointValues(keyed, e as KeyedEvent),
  });
  const eventHandlers = useMemo((): EChartEventHandlers | undefined => {
    if (!onClick) return filterHandlers;
    return {
      ...filterHandlers,
      click: (params: unknown) => {
        if (onClick(params as KeyedEvent)) return;
        filterHandlers?.click?.(params);
      },
    };
  }, [filterHandlers, onClick]);
  return <EChart option={drawn} width={width} height={height} onRendered={onRendered} eventHandlers={eventHandlers} />;
}
