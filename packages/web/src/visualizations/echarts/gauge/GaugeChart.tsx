/** The gauge's component: the ECharts parts it draws with, registered in this chunk. */
// `use` registers ECharts parts; renamed so it is not mistaken for React's use()
import { use as registerEChartsParts } from 'echarts/core';
import { GaugeChart as EGaugeChart } from 'echarts/charts';
import { TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { ChartSize } from '../../types';
import { ElementEChart } from '../ElementEChart';
import type { GaugeChartProps } from './transformProps';

registerEChartsParts([EGaugeChart, TooltipComponent, SVGRenderer]);

export function GaugeChart({ echartOptions, elements, ...size }: GaugeChartProps & ChartSize) {
  return <ElementEChart option={echartOptions} elements={elements} {...size} />;
}
