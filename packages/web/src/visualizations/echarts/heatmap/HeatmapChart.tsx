/** The heatmap's component: the ECharts parts it draws with, registered in this chunk. */
// `use` registers ECharts parts; renamed so it is not mistaken for React's use()
import { use as registerEChartsParts } from 'echarts/core';
import { HeatmapChart as EHeatmapChart } from 'echarts/charts';
import { GridComponent, TooltipComponent, VisualMapContinuousComponent, VisualMapPiecewiseComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { ChartSize } from '../../types';
import { ElementEChart } from '../ElementEChart';
import type { HeatmapChartProps } from './transformProps';

registerEChartsParts([
  EHeatmapChart,
  GridComponent,
  TooltipComponent,
  VisualMapContinuousComponent,
  VisualMapPiecewiseComponent,
  SVGRenderer,
]);

export function HeatmapChart({ echartOptions, elements, ...size }: HeatmapChartProps & ChartSize) {
  return <ElementEChart option={echartOptions} elements={elements} {...size} />;
}
