/** The pie's component: the ECharts parts it draws with, registered in this chunk. */
// `use` registers ECharts parts; renamed so it is not mistaken for React's use()
import { use as registerEChartsParts } from 'echarts/core';
import { PieChart as EPieChart } from 'echarts/charts';
import { GraphicComponent, LegendPlainComponent, LegendScrollComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { ChartSize } from '../../types';
import { EChart } from '../EChart';
import { useEChartHandlers, useInteractiveOption, type EChartElementEvent } from '../useEChartInteraction';
import { interactivePieOption, pieClickValues } from './interaction';
import type { PieChartProps } from './transformProps';

registerEChartsParts([EPieChart, TooltipComponent, LegendScrollComponent, LegendPlainComponent, GraphicComponent, SVGRenderer]);

export function PieChart({ echartOptions, sliceFilters, width, height, onRendered, interaction }: PieChartProps & ChartSize) {
  const option = useInteractiveOption(echartOptions, interaction, (o, crossFilter, animate) =>
    interactivePieOption(o, sliceFilters, crossFilter, animate),
  );
  const eventHandlers = useEChartHandlers(interaction, {
    click: (e: EChartElementEvent) => pieClickValues(sliceFilters, e.dataIndex),
    point: (e: EChartElementEvent) => (e.dataIndex === undefined ? null : (sliceFilters[e.dataIndex]?.values ?? null)),
  });
  return <EChart option={option} width={width} height={height} onRendered={onRendered} eventHandlers={eventHandlers} />;
}
