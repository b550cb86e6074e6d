/** The rose's component: stacked bars on polar axes, the ECharts parts registered in this chunk. */
// `use` registers ECharts parts; renamed so it is not mistaken for React's use()
import { use as registerEChartsParts } from 'echarts/core';
import { BarChart } from 'echarts/charts';
import { LegendPlainComponent, LegendScrollComponent, PolarComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { ChartSize } from '../../types';
import { ElementEChart } from '../ElementEChart';
import type { RoseChartProps } from './transformProps';

registerEChartsParts([BarChart, PolarComponent, TooltipComponent, LegendScrollComponent, LegendPlainComponent, SVGRenderer]);

export function RoseChart({ echartOptions, elements, ...size }: RoseChartProps & ChartSize) {
  return <ElementEChart option={echartOptions} elements={elements} {...size} />;
}
