/** The box plot's component: the ECharts parts it draws with, registered in this chunk. */
// `use` registers ECharts parts; renamed so it is not mistaken for React's use()
import { use as registerEChartsParts } from 'echarts/core';
import { BoxplotChart, ScatterChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { ChartSize } from '../../types';
import { ElementEChart } from '../ElementEChart';
import type { BoxPlotChartProps } from './transformProps';

registerEChartsParts([BoxplotChart, ScatterChart, GridComponent, TooltipComponent, SVGRenderer]);

export function BoxPlotChart({ echartOptions, elements, ...size }: BoxPlotChartProps & ChartSize) {
  return <ElementEChart option={echartOptions} elements={elements} {...size} />;
}
