/** The waterfall's component: the ECharts parts it draws with, registered in this chunk. */
// `use` registers ECharts parts; renamed so it is not mistaken for React's use()
import { use as registerEChartsParts } from 'echarts/core';
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendPlainComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { ChartSize } from '../../types';
import { ElementEChart } from '../ElementEChart';
import type { WaterfallChartProps } from './transformProps';

registerEChartsParts([BarChart, GridComponent, TooltipComponent, LegendPlainComponent, SVGRenderer]);

export function WaterfallChart({ echartOptions, elements, ...size }: WaterfallChartProps & ChartSize) {
  return <ElementEChart option={echartOptions} elements={elements} {...size} />;
}
