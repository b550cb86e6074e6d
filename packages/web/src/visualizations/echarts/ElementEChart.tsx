/**
 * An ECharts chart whose data items cross-filter and drill (elementCrossFilter.ts): the option is
 * redrawn with the selection, a click emits the item's values, a right click drills on them.
 */
import type { EChartsCoreOption } from 'echarts/core';
import type { ChartSize } from '../types';
import { EChart } from './EChart';
import { useEChartHandlers, useInteractiveOption, type EChartElementEvent } from './useEChartInteraction';
import {
  elementClickValues,
  elementPointValues,
  interactiveElementOption,
  type DimStyleKey,
  type ElementValues,
} from './elementCrossFilter';

export interface ElementEChartProps extends ChartSize {
  option: EChartsCoreOption;
  elements: ElementValues;
  styleKey?: DimStyleKey;
}

export function ElementEChart({ option, elements, styleKey, width, height, onRendered, interaction }: ElementEChartProps) {
  const drawn = useInteractiveOption(option, interaction, (o, crossFilter, animate) =>
    interactiveElementOption(o, elements, crossFilter, animate, styleKey),
  );
  const eventHandlers = useEChartHandlers(interaction, {
    click: (e: EChartElementEvent) => elementClickValues(elements, e.seriesIndex, e.dataIndex),
    point: (e: EChartElementEvent) => elementPointValues(elements, e.seriesIndex, e.dataIndex),
  });
  return <EChart option={drawn} width={width} height={height} onRendered={onRendered} eventHandlers={eventHandlers} />;
}
