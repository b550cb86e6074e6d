/** The graph's component: the ECharts parts it draws with, registered in this chunk. */
// `use` registers ECharts parts; renamed so it is not mistaken for React's use()
import { use as registerEChartsParts } from 'echarts/core';
import { GraphChart as EGraphChart } from 'echarts/charts';
import { LegendPlainComponent, LegendScrollComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { ChartSize } from '../../types';
import { KeyedEChart } from '../KeyedEChart';
import type { GraphChartProps } from './transformProps';

registerEChartsParts([EGraphChart, TooltipComponent, LegendScrollComponent, LegendPlainComponent, SVGRenderer]);

export function GraphChart({ echartOptions, keyed, ...size }: GraphChartProps & ChartSize) {
  return <KeyedEChart option={echartOptions} keyed={keyed} {...size} />;
}
