/** The mixed chart's component: the ECharts parts it draws with, registered in this chunk. */
// `use` registers ECharts parts; renamed so it is not mistaken for React's use()
import { use as registerEChartsParts } from 'echarts/core';
import { BarChart, LineChart, ScatterChart } from 'echarts/charts';
import {
  DataZoomInsideComponent,
  DataZoomSliderComponent,
  GridComponent,
  LegendPlainComponent,
  LegendScrollComponent,
  MarkAreaComponent,
  MarkLineComponent,
  TooltipComponent,
} from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { ChartSize } from '../../types';
import { EChart } from '../EChart';
import { useEChartHandlers, useInteractiveOption, type EChartElementEvent } from '../useEChartInteraction';
import { interactiveTimeseriesOption, timeseriesClickValues, timeseriesPointValues } from '../timeseries/interaction';
import type { MixedTimeseriesChartProps } from './transformProps';

registerEChartsParts([
  LineChart,
  BarChart,
  ScatterChart,
  GridComponent,
  TooltipComponent,
  LegendScrollComponent,
  LegendPlainComponent,
  DataZoomInsideComponent,
  DataZoomSliderComponent,
  MarkLineComponent,
  MarkAreaComponent,
  SVGRenderer,
]);

export function MixedTimeseriesChart({
  echartOptions,
  crossFilterMeta,
  width,
  height,
  onRendered,
  interaction,
}: MixedTimeseriesChartProps & ChartSize) {
  const option = useInteractiveOption(echartOptions, interaction, (o, crossFilter, animate) =>
    interactiveTimeseriesOption(o, crossFilterMeta, crossFilter, animate),
  );
  const eventHandlers = useEChartHandlers(interaction, {
    click: (e: EChartElementEvent) => timeseriesClickValues(crossFilterMeta, e.seriesId, e.dataIndex),
    point: (e: EChartElementEvent) => timeseriesPointValues(crossFilterMeta, e.seriesId, e.dataIndex),
  });
  return <EChart option={option} width={width} height={height} onRendered={onRendered} eventHandlers={eventHandlers} />;
}
