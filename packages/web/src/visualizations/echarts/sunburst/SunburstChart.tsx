/** The sunburst's component: the ECharts parts it draws with, registered in this chunk. */
// `use` registers ECharts parts; renamed so it is not mistaken for React's use()
import { use as registerEChartsParts } from 'echarts/core';
import { SunburstChart as ESunburstChart } from 'echarts/charts';
import { GraphicComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { ChartSize } from '../../types';
import { KeyedEChart } from '../KeyedEChart';
import type { SunburstChartProps } from './transformProps';

registerEChartsParts([ESunburstChart, TooltipComponent, GraphicComponent, SVGRenderer]);

export function SunburstChart({ echartOptions, keyed, ...size }: SunburstChartProps & ChartSize) {
  return <KeyedEChart option={echartOptions} keyed={keyed} {...size} />;
}
