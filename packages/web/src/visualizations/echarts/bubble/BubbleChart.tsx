/** The bubble chart's component: the ECharts parts it draws with, registered in this chunk. */
// `use` registers ECharts parts; renamed so it is not mistaken for React's use()
import { use as registerEChartsParts } from 'echarts/core';
import { ScatterChart } from 'echarts/charts';
import { GridComponent, LegendPlainComponent, LegendScrollComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { ChartSize } from '../../types';
import { ElementEChart } from '../ElementEChart';
import type { BubbleChartProps } from './transformProps';

registerEChartsParts([ScatterChart, GridComponent, TooltipComponent, LegendScrollComponent, LegendPlainComponent, SVGRenderer]);

export function BubbleChart({ echartOptions, elements, ...size }: BubbleChartProps & ChartSize) {
  return <ElementEChart option={echartOptions} elements={elements} {...size} />;
}
