/** The timeseries family's component: the ECharts parts it draws with, registered in this chunk. */
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
import type { TimeseriesChartProps } from './transformProps';

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

export function TimeseriesChart({ echartOptions, width, height, onRendered }: TimeseriesChartProps & ChartSize) {
  return <EChart option={echartOptions} width={width} height={height} onRendered={onRendered} />;
}
