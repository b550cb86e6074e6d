/** The funnel's component: the ECharts parts it draws with, registered in this chunk. */
// `use` registers ECharts parts; renamed so it is not mistaken for React's use()
import { use as registerEChartsParts } from 'echarts/core';
import { FunnelChart as EFunnelChart } from 'echarts/charts';
import { LegendPlainComponent, LegendScrollComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { ChartSize } from '../../types';
import { ElementEChart } from '../ElementEChart';
import type { FunnelChartProps } from './transformProps';

registerEChartsParts([EFunnelChart, TooltipComponent, LegendScrollComponent, LegendPlainComponent, SVGRenderer]);

export function FunnelChart({ echartOptions, elements, ...size }: FunnelChartProps & ChartSize) {
  return <ElementEChart option={echartOptions} elements={elements} {...size} />;
}
