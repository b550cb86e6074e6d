/** The sankey's component: the ECharts parts it draws with, registered in this chunk. */
// `use` registers ECharts parts; renamed so it is not mistaken for React's use()
import { use as registerEChartsParts } from 'echarts/core';
import { SankeyChart as ESankeyChart } from 'echarts/charts';
import { TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { ChartSize } from '../../types';
import { KeyedEChart } from '../KeyedEChart';
import type { SankeyChartProps } from './transformProps';

registerEChartsParts([ESankeyChart, TooltipComponent, SVGRenderer]);

export function SankeyChart({ echartOptions, keyed, ...size }: SankeyChartProps & ChartSize) {
  return <KeyedEChart option={echartOptions} keyed={keyed} {...size} />;
}
