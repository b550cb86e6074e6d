/** The treemap's component: the ECharts parts it draws with, registered in this chunk. */
// `use` registers ECharts parts; renamed so it is not mistaken for React's use()
import { use as registerEChartsParts } from 'echarts/core';
import { TreemapChart as ETreemapChart } from 'echarts/charts';
import { TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { ChartSize } from '../../types';
import { KeyedEChart } from '../KeyedEChart';
import type { TreemapChartProps } from './transformProps';

registerEChartsParts([ETreemapChart, TooltipComponent, SVGRenderer]);

export function TreemapChart({ echartOptions, keyed, ...size }: TreemapChartProps & ChartSize) {
  return <KeyedEChart option={echartOptions} keyed={keyed} {...size} />;
}
