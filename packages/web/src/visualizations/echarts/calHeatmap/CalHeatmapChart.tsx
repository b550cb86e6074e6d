/** The calendar heatmap's component: the ECharts parts it draws with, registered in this chunk. */
// `use` registers ECharts parts; renamed so it is not mistaken for React's use()
import { use as registerEChartsParts } from 'echarts/core';
import { HeatmapChart } from 'echarts/charts';
import {
  CalendarComponent,
  GridComponent,
  TitleComponent,
  TooltipComponent,
  VisualMapContinuousComponent,
  VisualMapPiecewiseComponent,
} from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { ChartSize } from '../../types';
import { EChart } from '../EChart';
import type { CalHeatmapChartProps } from './transformProps';

registerEChartsParts([
  HeatmapChart,
  CalendarComponent,
  GridComponent,
  TitleComponent,
  TooltipComponent,
  VisualMapContinuousComponent,
  VisualMapPiecewiseComponent,
  SVGRenderer,
]);

export function CalHeatmapChart({ echartOptions, width, height, onRendered }: CalHeatmapChartProps & ChartSize) {
  return <EChart option={echartOptions} width={width} height={height} onRendered={onRendered} />;
}
