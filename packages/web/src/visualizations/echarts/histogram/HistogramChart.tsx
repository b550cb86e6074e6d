/** The histogram's component: the ECharts parts it draws with, registered in this chunk. */
// `use` registers ECharts parts; renamed so it is not mistaken for React's use()
import { use as registerEChartsParts } from 'echarts/core';
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendPlainComponent, LegendScrollComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { ChartSize } from '../../types';
import { ElementEChart } from '../ElementEChart';
import type { HistogramChartProps } from './transformProps';

registerEChartsParts([BarChart, GridComponent, TooltipComponent, LegendScrollComponent, LegendPlainComponent, SVGRenderer]);

export function HistogramChart({ echartOptions, elements, ...size }: HistogramChartProps & ChartSize) {
  return <ElementEChart option={echartOptions} elements={elements} {...size} />;
}
